// A thread of the sanitising pool (HtmlSanitizer): one document's HTML, or one text's terms,
// per task.
import { countTerms, packTermCounts, PackedTermCounts } from '../../common/text/search-terms';
import { prepareDocumentHtml } from './html-policy';

export type PreparedInWorker =
  { html: string; searchTerms: string; termCounts: PackedTermCounts } | { nestedTooDeep: true };

export default function prepareInWorker(task: {
  html: string;
  sanitize: boolean;
}): PreparedInWorker {
  const prepared = prepareDocumentHtml(task.html, task.sanitize);
  if ('nestedTooDeep' in prepared) return prepared;
  return { ...prepared, termCounts: packTermCounts(prepared.termCounts) };
}

export function countTermsInWorker(terms: string): PackedTermCounts {
  return packTermCounts(countTerms(terms));
}
