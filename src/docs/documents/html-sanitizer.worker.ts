// A thread of the sanitising pool (HtmlSanitizer): prepares one document's HTML per task.
import { prepareDocumentHtml, PreparedHtml } from './html-policy';

export default function prepareInWorker(task: { html: string; sanitize: boolean }): PreparedHtml {
  return prepareDocumentHtml(task.html, task.sanitize);
}
