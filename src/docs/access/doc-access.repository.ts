import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql';
import { StatementList } from '../../database/statement-catalogue';
import type { Role } from './doc-access';
import { bestRole, GRANT_RANK } from './grants-sql';

/** What a user may do with a document, and its version: why a write matched nothing. */
export interface DocAccess {
  docId: number;
  role: Role;
  version: number;
}

/** What a user may do with one document: their role on it, the best of every way they have it. */
export const docAccessSql = {
  /** The caller's role as a member and the version: why a write matched nothing. */
  access: `SELECT d.id AS doc_id, me.role AS direct_role, d.version AS version
FROM docs d JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
WHERE d.uuid = ?`,

  /**
   * The same for a user who is not a member: the best rank their grants give (NULL for none).
   * Parameters: user id twice, uuid.
   */
  accessThroughGrants: `SELECT d.id AS doc_id, NULL AS direct_role, ${GRANT_RANK} AS grant_rank, d.version AS version
FROM docs d WHERE d.uuid = ?`,

  /**
   * The best rank the user's grants give on a document (NULL for none): asked for a member who
   * is a viewer, whom a grant may make an editor. Parameters: user id twice, document id.
   */
  grantRank: `SELECT ${GRANT_RANK} AS grant_rank FROM docs d WHERE d.id = ?`,
};

/**
 * "May this user do this to this document": the user's role on a document, from their
 * `user_docs` row and their grants, as the rules of `grants-sql.ts` say.
 */
@Injectable()
export class DocAccessRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * The user's role on a document (the best of every way they have it) and its version; null
   * when they have no way to it. A member who is the owner or an editor costs one statement; a
   * viewer or a user with grants alone, two.
   */
  async findAccess(
    uuid: string,
    userId: number,
    manager?: EntityManager,
  ): Promise<DocAccess | null> {
    type AccessRow = {
      doc_id: number;
      direct_role: Role | null;
      grant_rank?: number | string | null;
      version: number | string;
    };
    let [row] = await this.sql.rows<AccessRow>(docAccessSql.access, [userId, uuid], manager);
    if (row === undefined) {
      [row] = await this.sql.rows<AccessRow>(
        docAccessSql.accessThroughGrants,
        [userId, userId, uuid],
        manager,
      );
    } else if (row.direct_role === 'viewer') {
      row.grant_rank = await this.grantRank(Number(row.doc_id), userId, manager);
    }
    const role = row && bestRole(row.direct_role, row.grant_rank);
    return role ? { docId: Number(row.doc_id), role, version: Number(row.version) } : null;
  }

  /**
   * The best rank the user's grants give on a document (NULL for none), for a member who is a
   * viewer, whom a grant may make an editor.
   */
  async grantRank(
    docId: number,
    userId: number,
    manager?: EntityManager,
  ): Promise<number | string | null> {
    const [row] = await this.sql.rows<{ grant_rank: number | string | null }>(
      docAccessSql.grantRank,
      [userId, userId, docId],
      manager,
    );
    return row?.grant_rank ?? null;
  }
}

/** Every statement of the access checks (see `statement-catalogue.ts`). */
export const docAccessStatements: StatementList = () => ({ ...docAccessSql });
