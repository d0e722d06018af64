// A thread of the sanitising pool (HtmlSanitizer): sanitises one document's HTML per task.
import { sanitizeDocumentHtml, SanitizedHtml } from './html-policy';

export default function sanitizeInWorker(html: string): SanitizedHtml {
  return sanitizeDocumentHtml(html);
}
