import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { InvalidInput } from '../../common/errors/domain-errors';
import {
  countTerms,
  PackedTermCounts,
  TermCounts,
  unpackTermCounts,
} from '../../common/text/search-terms';
import { MAX_HTML_NESTING, prepareDocumentHtml, PreparedHtml } from './html-policy';
import type { PreparedInWorker } from './html-sanitizer.worker';

/**
 * Up to this many UTF-16 units, HTML is sanitised (and a text's terms counted) on the event
 * loop (well under a millisecond for ordinary markup, a few at worst); larger documents go to
 * the worker pool.
 */
export const INLINE_SANITIZING_LIMIT = 64 * 1024;

/** How long an idle sanitising thread is kept before it exits. */
const IDLE_THREAD_MS = 60_000;

/**
 * What a document's HTML is stored as: the safe HTML, and the search terms of its text; with
 * how often each term occurs, which its search postings are made of.
 */
export interface StoredHtml {
  html: string;
  searchTerms: string;
  termCounts: TermCounts;
}

/**
 * Sanitises documents' HTML (see `sanitizeDocumentHtml`) and reads the search terms of their
 * text. Large documents are done in a pool of worker threads, one per core, started when first
 * needed: however long their markup takes, the event loop keeps serving every other request.
 */
@Injectable()
export class HtmlSanitizer implements OnModuleDestroy {
  private pool?: Piscina;

  /** HTML as a client sent it, made safe, with its search terms. */
  sanitize(html: string): Promise<StoredHtml> {
    return this.prepare(html, true);
  }

  /** HTML that is already safe (a revision's), with its search terms. */
  withSearchTerms(html: string): Promise<StoredHtml> {
    return this.prepare(html, false);
  }

  /**
   * How often each term occurs in a text's search terms as stored (`search_body`): a long
   * text's are counted in the pool, as splitting it holds a thread for a while.
   */
  async countTerms(searchTerms: string): Promise<TermCounts> {
    if (searchTerms.length <= INLINE_SANITIZING_LIMIT) return countTerms(searchTerms);
    const packed = (await this.workers().run(searchTerms, {
      name: 'countTermsInWorker',
    })) as PackedTermCounts;
    return unpackTermCounts(packed);
  }

  private async prepare(html: string, sanitize: boolean): Promise<StoredHtml> {
    const prepared =
      html.length <= INLINE_SANITIZING_LIMIT
        ? prepareDocumentHtml(html, sanitize)
        : await this.prepareInWorker(html, sanitize);
    if ('nestedTooDeep' in prepared) {
      throw new InvalidInput(`html must not nest elements more than ${MAX_HTML_NESTING} deep`);
    }
    return prepared;
  }

  private async prepareInWorker(html: string, sanitize: boolean): Promise<PreparedHtml> {
    const prepared = (await this.workers().run({ html, sanitize })) as PreparedInWorker;
    if ('nestedTooDeep' in prepared) return prepared;
    return { ...prepared, termCounts: unpackTermCounts(prepared.termCounts) };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private workers(): Piscina {
    this.pool ??= new Piscina({
      filename: workerScript(),
      minThreads: 0,
      maxThreads: availableParallelism(),
      idleTimeout: IDLE_THREAD_MS,
    });
    return this.pool;
  }
}

/**
 * The worker's compiled script. Under Jest the sources run as TypeScript, which a worker thread
 * cannot load: there the build's copy is used (`npm test` builds first).
 */
function workerScript(): string {
  const beside = join(__dirname, 'html-sanitizer.worker.js');
  if (existsSync(beside)) return beside;
  const root = join(__dirname, '..', '..', '..');
  return join(root, 'dist', 'src', 'docs', 'documents', 'html-sanitizer.worker.js');
}
