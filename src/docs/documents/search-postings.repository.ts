import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { GroupedFlush } from '../../common/grouped-flush';
import { countTerms, TermCounts, termWeights } from '../../common/text/search-terms';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { jsonIntegerRows, placeholders } from '../../database/sql-lists';
import { StatementList } from '../../database/statement-catalogue';
import { TransactionRunner } from '../../database/transaction-runner';

/**
 * A document's search terms: the title's as `docs` stores them (`search_title`), and how often
 * each of the text's (`search_body`) occurs.
 */
export interface DocTerms {
  searchTitle: string | null;
  bodyCounts: TermCounts | null;
}

/**
 * A change of one document's postings (term ids): the rows to write (`[term id, weight]`), and
 * to remove; `addRare` and `removeRare`: of the terms added and removed, those not known
 * common, whose rows by term follow. On MySQL it travels as JSON in `docs.pending_postings`,
 * which the table's triggers write (migration PostingsWithTheirDocument).
 */
interface PostingsChange {
  set: [number, number][];
  addRare: number[];
  remove: number[];
  removeRare: number[];
}

/**
 * A term is rare while it has been in fewer documents than this (`search_terms.doc_count`);
 * a rare term's postings are also kept by term, in `search_rare_postings`. The RareTermPostings
 * migrations count up to the same figure, and MySQL's trigger that writes a new document's
 * postings (PostingsWithTheirDocument) compares with it.
 */
export const RARE_TERM_DOCS = 256;

/**
 * Consecutive document ids per bucket of the posting index (`search_postings` is keyed by
 * bucket, term, document; the PostingsByBucket migrations and MySQL's triggers use the same
 * figure). Big enough that a common word's rows of the documents a caller has in one bucket
 * share a page or two; small enough that the newest bucket's ranges, where every create
 * writes, stay in the database's cache.
 */
export const POSTINGS_BUCKET_DOCS = 1024;

/** A document's bucket in the posting index, of a document id (a column or a parameter). */
const bucketOf: Record<SqlDialect, (doc: string) => string> = {
  mysql: (doc) => `${doc} DIV ${POSTINGS_BUCKET_DOCS}`,
  sqlite: (doc) => `CAST(${doc} AS INTEGER) / ${POSTINGS_BUCKET_DOCS}`,
};

/** The condition that finds the posting of `term` in `doc` (`alias` a `search_postings`) by its key. */
export function postingKeyIs(dialect: SqlDialect, alias: string, doc: string, term: string) {
  return `${alias}.bucket = ${bucketOf[dialect](doc)} AND ${alias}.term_id = ${term} AND ${alias}.doc_id = ${doc}`;
}

/**
 * Term ids as rows of `term_id`, from a JSON parameter `[id, ...]`. MariaDB's estimate for
 * such a list is 40 rows whatever its length, and while a table's statistics say it is empty
 * (a new database, for seconds to minutes) it reads the whole table for each row of the list:
 * the joins below name their order and their index (STRAIGHT_JOIN, FORCE INDEX).
 */
const termIdRows = {
  mysql: "JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$')) j",
  sqlite: '(SELECT value AS term_id FROM json_each(?)) j',
};

/** Postings as rows of `doc_id` and `term_id`, from a JSON parameter `[[doc id, term id], ...]`. */
const postingRows = {
  mysql: "JSON_TABLE(?, '$[*]' COLUMNS (doc_id INT PATH '$[0]', term_id INT PATH '$[1]')) j",
  sqlite:
    "(SELECT json_extract(value, '$[0]') AS doc_id, json_extract(value, '$[1]') AS term_id FROM json_each(?))",
};

/** Terms looked up or added per statement; a shorter list is padded (one statement text). */
const TERMS_PER_STATEMENT = 64;
/** Postings removed per statement when documents are deleted (a JSON list of pairs). */
const REMOVED_PER_STATEMENT = 10_000;
/** Term ids the process remembers (about 100 bytes each); past it, it starts again. */
const TERM_IDS_KEPT = 200_000;

/**
 * The posting index's statements. `search_terms` names each distinct term once;
 * `search_postings` holds a row per term and document with the term's weight there
 * (`termWeights`), keyed (bucket, term, document) (`postingKeyIs`), so a search looks each
 * document it reads up by its words.
 * Lists of rows travel as one JSON parameter, so each statement has one text whatever its size.
 */
export const searchPostingsSql = {
  addTerms: {
    mysql: `INSERT IGNORE INTO search_terms (term) VALUES ${Array(TERMS_PER_STATEMENT).fill('(?)').join(', ')}`,
    sqlite: `INSERT OR IGNORE INTO search_terms (term) VALUES ${Array(TERMS_PER_STATEMENT).fill('(?)').join(', ')}`,
  },
  termIds: `SELECT id, term FROM search_terms WHERE term IN (${placeholders(TERMS_PER_STATEMENT)})`,
  /**
   * MySQL: passes a change of the document's postings (JSON, `PostingsChange`) to the triggers
   * that write it; the document's row stays as it is. Parameters: the change, the document.
   */
  passToDoc: 'UPDATE docs SET pending_postings = ? WHERE id = ?',
  /**
   * SQLite's statements for a change (`write`; on MySQL the document's triggers do the same).
   * Parameters: the document, then `[[term id, weight], ...]`; a row already there takes the
   * weight.
   */
  upsert: `INSERT INTO search_postings (bucket, term_id, doc_id, weight)
SELECT d.id / ${POSTINGS_BUCKET_DOCS}, json_extract(value, '$[0]'), d.id, json_extract(value, '$[1]')
FROM (SELECT CAST(? AS INTEGER) AS id) d, json_each(?) WHERE true
ON CONFLICT (bucket, term_id, doc_id) DO UPDATE SET weight = excluded.weight`,
  /** Parameters: the document, then `[term id, ...]`. */
  remove: `DELETE FROM search_postings WHERE (bucket, term_id, doc_id) IN (
SELECT d.id / ${POSTINGS_BUCKET_DOCS}, j.value, d.id FROM (SELECT CAST(? AS INTEGER) AS id) d, json_each(?) j)`,
  /**
   * Counts documents in for each of these terms that is still rare, up to the limit
   * (parameter: `[[term id, documents], ...]`, in term order, so concurrent counts take the
   * rows in one order); a common term's row is left alone.
   */
  countIn: {
    mysql: `UPDATE JSON_TABLE(?, '$[*]' COLUMNS (term_id INT PATH '$[0]', docs INT PATH '$[1]')) j
STRAIGHT_JOIN search_terms t FORCE INDEX (PRIMARY) ON t.id = j.term_id
SET t.doc_count = LEAST(t.doc_count + j.docs, ${RARE_TERM_DOCS}) WHERE t.doc_count < ${RARE_TERM_DOCS}`,
    sqlite: `UPDATE search_terms SET doc_count = MIN(search_terms.doc_count + j.docs, ${RARE_TERM_DOCS})
FROM (SELECT json_extract(value, '$[0]') AS term_id, json_extract(value, '$[1]') AS docs FROM json_each(?)) j
WHERE search_terms.id = j.term_id AND search_terms.doc_count < ${RARE_TERM_DOCS}`,
  },
  /** Of these terms (`[term id, ...]`), the common ones. */
  commonAmong: {
    mysql: `SELECT t.id FROM ${termIdRows.mysql} STRAIGHT_JOIN search_terms t FORCE INDEX (PRIMARY) ON t.id = j.term_id WHERE t.doc_count >= ${RARE_TERM_DOCS}`,
    sqlite: `SELECT id FROM search_terms WHERE id IN (SELECT term_id FROM ${termIdRows.sqlite}) AND doc_count >= ${RARE_TERM_DOCS}`,
  },
  /** Parameter: `[term id, ...]` of terms now common: their postings by term are no longer read. */
  forgetRare: {
    mysql: `DELETE r FROM ${termIdRows.mysql} STRAIGHT_JOIN search_rare_postings r FORCE INDEX (PRIMARY) ON r.term_id = j.term_id`,
    sqlite: `DELETE FROM search_rare_postings WHERE term_id IN (SELECT term_id FROM ${termIdRows.sqlite})`,
  },
  /**
   * Parameters: the document, then `[term id, ...]`: the postings of those still rare are kept
   * by term too (those already kept are left). In a transaction the counts are read as last
   * committed, without locking their rows (which every concurrent write's count moves).
   */
  addRare: {
    mysql: `INSERT IGNORE INTO search_rare_postings (term_id, doc_id)
SELECT t.id, ? FROM ${termIdRows.mysql} STRAIGHT_JOIN search_terms t FORCE INDEX (PRIMARY) ON t.id = j.term_id
WHERE t.doc_count < ${RARE_TERM_DOCS}`,
    sqlite: `INSERT OR IGNORE INTO search_rare_postings (term_id, doc_id)
SELECT id, ? FROM search_terms WHERE id IN (SELECT term_id FROM ${termIdRows.sqlite}) AND doc_count < ${RARE_TERM_DOCS}`,
  },
  /** Parameters: `[term id, ...]`, the document. */
  removeRare: `DELETE FROM search_rare_postings WHERE term_id IN (SELECT term_id FROM ${termIdRows.sqlite}) AND doc_id = ?`,
  /**
   * The stored terms of documents (parameter: `[doc id, ...]`), from which their postings are
   * worked out: the index keeps no list of a document's postings. MariaDB, whose estimate for
   * the list is 40 rows, reads a new database's `docs` whole for it unless told its index.
   */
  termsOfDocs: {
    mysql: `SELECT d.id, d.search_title, d.search_body FROM ${jsonIntegerRows('mysql')} AS ids
STRAIGHT_JOIN docs d FORCE INDEX (PRIMARY) ON d.id = ids.value`,
    sqlite: `SELECT id, search_title, search_body FROM docs WHERE id IN (SELECT value FROM ${jsonIntegerRows('sqlite')} AS ids)`,
  },
  /** Parameter: `[[doc id, term id], ...]`: those postings by term, before the postings go. */
  removeRareOfDocs: {
    mysql: `DELETE r FROM ${postingRows.mysql}
STRAIGHT_JOIN search_rare_postings r FORCE INDEX (PRIMARY) ON r.term_id = j.term_id AND r.doc_id = j.doc_id`,
    sqlite: `DELETE FROM search_rare_postings WHERE (term_id, doc_id) IN (SELECT term_id, doc_id FROM ${postingRows.sqlite})`,
  },
  /** Parameter: `[[doc id, term id], ...]`: those postings, each found by its key. */
  removeOfDocs: {
    mysql: `DELETE p FROM ${postingRows.mysql}
STRAIGHT_JOIN search_postings p FORCE INDEX (PRIMARY) ON ${postingKeyIs('mysql', 'p', 'j.doc_id', 'j.term_id')}`,
    sqlite: `DELETE FROM search_postings WHERE (bucket, term_id, doc_id) IN (
SELECT doc_id / ${POSTINGS_BUCKET_DOCS}, term_id, doc_id FROM ${postingRows.sqlite})`,
  },
  /**
   * The postings of the documents from one id to another (parameters: their buckets, then the
   * ids), as the index has them: `search reindex` compares them with the documents' terms. It
   * reads the buckets' every row, a bucket or two per batch of documents.
   */
  ofDocRange: `SELECT doc_id, term_id, weight FROM search_postings
WHERE bucket BETWEEN ? AND ? AND doc_id BETWEEN ? AND ?`,
};

/** Every text of the posting index on a dialect. */
export const searchPostingsStatements: StatementList = (dialect) => ({
  addTerms: searchPostingsSql.addTerms[dialect],
  termIds: searchPostingsSql.termIds,
  ...(dialect === 'mysql' && { passToDoc: searchPostingsSql.passToDoc }),
  ...(dialect === 'sqlite' && {
    upsert: searchPostingsSql.upsert,
    remove: searchPostingsSql.remove,
    removeRare: searchPostingsSql.removeRare,
  }),
  addRare: searchPostingsSql.addRare[dialect],
  countIn: searchPostingsSql.countIn[dialect],
  commonAmong: searchPostingsSql.commonAmong[dialect],
  forgetRare: searchPostingsSql.forgetRare[dialect],
  termsOfDocs: searchPostingsSql.termsOfDocs[dialect],
  removeRareOfDocs: searchPostingsSql.removeRareOfDocs[dialect],
  removeOfDocs: searchPostingsSql.removeOfDocs[dialect],
  ofDocRange: searchPostingsSql.ofDocRange,
});

/**
 * Keeps the posting index in step with the documents' terms, in the write's transaction: a
 * document is found as soon as its write is answered. An update writes only the postings
 * whose weight changed. Term ids are looked up (and new terms added) before the transaction,
 * in statements of their own, and remembered: a rolled-back write leaves at most an unused
 * term behind, never a remembered id that is not there. The terms' document counts move
 * after the commit (`countIn`).
 */
@Injectable()
export class SearchPostingsRepository {
  private readonly logger = new Logger(SearchPostingsRepository.name);
  private readonly dialect: SqlDialect;
  private readonly termIds = new Map<string, number>();
  /** Terms seen common: a term never becomes rare again, so this needs no refresh. */
  private readonly commonTerms = new Set<number>();
  /** The term ids of writes that committed, counted in together (`countIn`). */
  private readonly counts = new GroupedFlush<number[]>((termIdLists) => this.countIn(termIdLists));

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /** Adds the terms the index does not know yet; run before the write's transaction. */
  async addTerms(terms: DocTerms): Promise<void> {
    await this.idsOf([...termWeights(terms.searchTitle, terms.bodyCounts).keys()], true);
  }

  /** A document's weights by term id; every term must be known (`addTerms`). */
  weightsOf(terms: DocTerms, manager?: EntityManager): Promise<Map<number, number>> {
    return this.weightsById(terms, 'every term known', manager);
  }

  /**
   * MySQL: the change of a document's postings from `before` (weights by term id; empty for a
   * new document) to those of `terms`, as the statement that writes the document passes it to
   * its triggers (`pending_postings`; null when nothing changes), and the terms new to the
   * document that may be rare, to count once the statement has committed (`countCommitted`).
   * Every term must be known (`addTerms`).
   */
  async pendingChange(
    before: Map<number, number>,
    terms: DocTerms,
    manager?: EntityManager,
  ): Promise<{ pending: string | null; maybeRare: number[] }> {
    const change = this.changeOf(before, await this.weightsOf(terms, manager));
    const unchanged = change.set.length + change.remove.length === 0;
    return { pending: unchanged ? null : JSON.stringify(change), maybeRare: change.addRare };
  }

  /**
   * Counts a document in for these terms (`pendingChange`): now, when the INSERT committed on
   * its own; once its transaction commits, given the transaction's manager.
   */
  async countCommitted(termIds: number[], transaction?: EntityManager): Promise<void> {
    if (termIds.length === 0) return;
    if (transaction) this.transactions.afterCommit(transaction, () => this.counts.add(termIds));
    else {
      // As after a transaction: a count that fails is logged, and the write still answered.
      await this.counts
        .add(termIds)
        .catch((error: unknown) => this.logger.warn(`counting terms failed: ${String(error)}`));
    }
  }

  /**
   * The postings a document's stored terms give it (weights by term id), which the index holds
   * as long as every write keeps both in step. A term no document was written with (unknown)
   * has no posting to find, and is left out.
   */
  weightsOfStored(terms: DocTerms, manager?: EntityManager): Promise<Map<number, number>> {
    return this.weightsById(terms, 'unknown terms left out', manager);
  }

  private async weightsById(
    terms: DocTerms,
    unknown: 'every term known' | 'unknown terms left out',
    manager?: EntityManager,
  ): Promise<Map<number, number>> {
    const weights = termWeights(terms.searchTitle, terms.bodyCounts);
    const ids = await this.idsOf([...weights.keys()], false, manager);
    const byId = new Map<number, number>();
    for (const [term, weight] of weights) {
      const id = ids.get(term);
      if (id !== undefined) byId.set(id, weight);
      else if (unknown === 'every term known') {
        throw new Error(`the search term ${term} was not added before the write`);
      }
    }
    return byId;
  }

  /**
   * The postings the index holds for the documents whose ids are `from` to `to`, as weights by
   * term id per document (`search reindex`: a batch of documents, which spans a bucket or two).
   */
  async ofDocRange(from: number, to: number): Promise<Map<number, Map<number, number>>> {
    const rows = await this.sql.rows<{ doc_id: number; term_id: number; weight: number }>(
      searchPostingsSql.ofDocRange,
      [Math.floor(from / POSTINGS_BUCKET_DOCS), Math.floor(to / POSTINGS_BUCKET_DOCS), from, to],
    );
    const byDoc = new Map<number, Map<number, number>>();
    for (const row of rows) {
      const docId = Number(row.doc_id);
      let weights = byDoc.get(docId);
      if (!weights) byDoc.set(docId, (weights = new Map<number, number>()));
      weights.set(Number(row.term_id), Number(row.weight));
    }
    return byDoc;
  }

  /**
   * Writes what changed from `before` to `after` (weights by term id) for one document, in the
   * transaction of `manager`, and counts the document in for its new terms once committed. On
   * MySQL the change is one statement that passes it to the document's triggers (a round trip
   * each costs more than the statements it replaces); on SQLite it is the statements.
   */
  async write(
    manager: EntityManager,
    docId: number,
    before: Map<number, number>,
    after: Map<number, number>,
  ): Promise<void> {
    const change = this.changeOf(before, after);
    const { set, addRare, remove, removeRare } = change;
    if (set.length + remove.length === 0) return;
    if (this.dialect === 'mysql') {
      await this.sql.run(searchPostingsSql.passToDoc, [JSON.stringify(change), docId], manager);
    } else {
      if (remove.length > 0) {
        await this.sql.run(searchPostingsSql.remove, [docId, JSON.stringify(remove)], manager);
      }
      if (removeRare.length > 0) {
        await this.sql.run(
          searchPostingsSql.removeRare,
          [JSON.stringify(removeRare), docId],
          manager,
        );
      }
      if (set.length > 0) {
        await this.sql.run(searchPostingsSql.upsert, [docId, JSON.stringify(set)], manager);
      }
      if (addRare.length > 0) {
        await this.sql.run(
          searchPostingsSql.addRare.sqlite,
          [docId, JSON.stringify(addRare)],
          manager,
        );
      }
    }
    await this.countCommitted(addRare, manager);
  }

  /**
   * What changes from `before` to `after` (weights by term id): the postings to write with
   * their weight, those to remove, and of the terms added or removed those not known common,
   * whose rows by term follow (ids in order, so concurrent writes take rows in one order).
   * The postings to write are in term order too: the rows of concurrent creates, which share
   * the newest bucket, are then written in one order.
   */
  private changeOf(before: Map<number, number>, after: Map<number, number>): PostingsChange {
    const change: PostingsChange = { set: [], addRare: [], remove: [], removeRare: [] };
    for (const [id, weight] of after) {
      if (before.get(id) === weight) continue;
      change.set.push([id, weight]);
      if (!before.has(id) && !this.commonTerms.has(id)) change.addRare.push(id);
    }
    for (const id of before.keys()) {
      if (after.has(id)) continue;
      change.remove.push(id);
      if (!this.commonTerms.has(id)) change.removeRare.push(id);
    }
    change.set.sort(([a], [b]) => a - b);
    change.addRare.sort((a, b) => a - b);
    return change;
  }

  /**
   * Counts documents in for the terms they now have (none known common), once their writes
   * have committed. Their transactions kept by term the postings of the terms still rare as
   * they read them (a read that locks nothing): counting there would hold the terms' rows
   * until the commit, and concurrent writes sharing new words would wait for each other in
   * turn. Here the counts of every write that committed meanwhile move in one statement. A
   * count that is lost leaves a term rarer than it is, never one with postings missing by
   * term. When fewer rows moved than terms were given, some are common: their postings by term
   * go (any a write kept as the term turned common included), and they are remembered and not
   * counted again.
   */
  private async countIn(termIdLists: number[][]): Promise<void> {
    const docsByTerm = new Map<number, number>();
    for (const ids of termIdLists)
      for (const id of ids) docsByTerm.set(id, (docsByTerm.get(id) ?? 0) + 1);
    const counts = [...docsByTerm].sort(([a], [b]) => a - b);
    const counted = await this.transactions.exclusive((connection) =>
      this.sql.run(searchPostingsSql.countIn[this.dialect], [JSON.stringify(counts)], connection),
    );
    if (counted.affected >= counts.length) return;
    const ids = JSON.stringify(counts.map(([id]) => id));
    const common = await this.transactions.exclusive(async (connection) =>
      (
        await this.sql.rows<{ id: number }>(
          searchPostingsSql.commonAmong[this.dialect],
          [ids],
          connection,
        )
      ).map((row) => Number(row.id)),
    );
    if (common.length === 0) return;
    await this.transactions.exclusive((connection) =>
      this.sql.run(
        searchPostingsSql.forgetRare[this.dialect],
        [JSON.stringify(common)],
        connection,
      ),
    );
    for (const id of common) this.commonTerms.add(id);
  }

  /**
   * Keeps a document's postings of rare terms (of `termIds`, its terms) by term where they are
   * missing (`search reindex` repairs a document an older version wrote after the upgrade's
   * migration).
   */
  async keepRareOf(manager: EntityManager, docId: number, termIds: number[]): Promise<void> {
    if (termIds.length === 0) return;
    const ids = JSON.stringify(termIds.slice().sort((a, b) => a - b));
    await this.sql.run(searchPostingsSql.addRare[this.dialect], [docId, ids], manager);
  }

  /**
   * Removes the postings of documents about to be deleted, worked out from their stored terms
   * (`termsOfDocs`), each found by its key, `REMOVED_PER_STATEMENT` at a time.
   */
  async removeDocs(manager: EntityManager, docIds: number[]): Promise<void> {
    if (docIds.length === 0) return;
    const docs = await this.sql.rows<{
      id: number;
      search_title: string | null;
      search_body: string | null;
    }>(searchPostingsSql.termsOfDocs[this.dialect], [JSON.stringify(docIds)], manager);
    const postings: [number, number][] = [];
    for (const doc of docs) {
      const terms = new Set(countTerms(doc.search_title).keys());
      for (const term of (doc.search_body ?? '').split(' ')) if (term !== '') terms.add(term);
      const ids = await this.idsOf([...terms], false, manager);
      for (const id of ids.values()) postings.push([Number(doc.id), id]);
    }
    postings.sort(([docA, termA], [docB, termB]) => docA - docB || termA - termB);
    for (let start = 0; start < postings.length; start += REMOVED_PER_STATEMENT) {
      const some = JSON.stringify(postings.slice(start, start + REMOVED_PER_STATEMENT));
      await this.sql.run(searchPostingsSql.removeRareOfDocs[this.dialect], [some], manager);
      await this.sql.run(searchPostingsSql.removeOfDocs[this.dialect], [some], manager);
    }
  }

  /**
   * The ids of these terms, remembered or read; with `add`, terms not yet stored are added
   * first (in their own statements, outside any transaction). Without it, unknown terms have
   * no id (no document has them).
   */
  private async idsOf(
    terms: string[],
    add: boolean,
    manager?: EntityManager,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const unknown: string[] = [];
    for (const term of terms) {
      const id = this.termIds.get(term);
      if (id === undefined) unknown.push(term);
      else ids.set(term, id);
    }
    for (let start = 0; start < unknown.length; start += TERMS_PER_STATEMENT) {
      const chunk = padded(unknown.slice(start, start + TERMS_PER_STATEMENT));
      if (add) {
        await this.transactions.exclusive((connection) =>
          this.sql.run(searchPostingsSql.addTerms[this.dialect], chunk, connection),
        );
      }
      const rows = await this.sql.rows<{ id: number; term: string }>(
        searchPostingsSql.termIds,
        chunk,
        manager,
      );
      for (const row of rows) {
        ids.set(row.term, Number(row.id));
        this.remember(row.term, Number(row.id));
      }
    }
    return ids;
  }

  private remember(term: string, id: number): void {
    if (this.termIds.size >= TERM_IDS_KEPT) this.termIds.clear();
    this.termIds.set(term, id);
  }
}

/** A list of terms made `TERMS_PER_STATEMENT` long by repeating its last. */
function padded(terms: string[]): string[] {
  const result = terms.slice();
  while (result.length < TERMS_PER_STATEMENT) result.push(terms[terms.length - 1]);
  return result;
}
