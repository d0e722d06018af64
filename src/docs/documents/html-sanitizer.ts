import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { InvalidInput } from '../../common/errors/domain-errors';
import { MAX_HTML_NESTING, prepareDocumentHtml, PreparedHtml } from './html-policy';

/**
 * Up to this many UTF-16 units, HTML is sanitised on the event loop (well under a millisecond
 * for ordinary markup, a few at worst); larger documents go to the worker pool.
 */
export const INLINE_SANITIZING_LIMIT = 64 * 1024;

/** How long an idle sanitising thread is kept before it exits. */
const IDLE_THREAD_MS = 60_000;

/** What a document's HTML is stored as: the safe HTML, and the search terms of its text. */
export interface StoredHtml {
  html: string;
  searchTerms: string;
}

/**
 * Sanitises documents' HTML (see `sanitizeDocumentHtml`) and reads the search terms of their
 * text. Large documents are done in a pool of worker threads, one per core, started when first
 * needed: however long their markup takes, the event loop keeps serving every other request.
 */
@Injectable()
export class HtmlSanitizer implements OnModuleDestroy {
  private pool?: Piscina<{ html: string; sanitize: boolean }, PreparedHtml>;

  /** HTML as a client sent it, made safe, with its search terms. */
  sanitize(html: string): Promise<StoredHtml> {
    return this.prepare(html, true);
  }

  /** The search terms of HTML that is already safe (a revision's, or a stored document's). */
  async searchTerms(html: string): Promise<string> {
    return (await this.prepare(html, false)).searchTerms;
  }

  private async prepare(html: string, sanitize: boolean): Promise<StoredHtml> {
    const prepared =
      html.length <= INLINE_SANITIZING_LIMIT
        ? prepareDocumentHtml(html, sanitize)
        : await this.workers().run({ html, sanitize });
    if ('nestedTooDeep' in prepared) {
      throw new InvalidInput(`html must not nest elements more than ${MAX_HTML_NESTING} deep`);
    }
    return prepared;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private workers(): Piscina<{ html: string; sanitize: boolean }, PreparedHtml> {
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
