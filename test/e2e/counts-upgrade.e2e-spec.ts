import request from 'supertest';
import { GrantsInListOrder1795800000000 } from '../../migrations/mysql/1795800000000-GrantsInListOrder';
import { CountsInOneSlot1795810000000 } from '../../migrations/sqlite/1795810000000-CountsInOneSlot';
import { givenGroup, givenUser, TestUser } from '../support/builders';
import { UserRolesAndTokenSources1795830000000 as UserRolesMysql1795830000000 } from '../../migrations/mysql/1795830000000-UserRolesAndTokenSources';
import { UserRolesAndTokenSources1795830000000 as UserRolesSqlite1795830000000 } from '../../migrations/sqlite/1795830000000-UserRolesAndTokenSources';
import { SignIn1795840000000 as SignInMysql1795840000000 } from '../../migrations/mysql/1795840000000-SignIn';
import { SignIn1795840000000 as SignInSqlite1795840000000 } from '../../migrations/sqlite/1795840000000-SignIn';
import { RareTermPostings1795850000000 as RareTermsMysql1795850000000 } from '../../migrations/mysql/1795850000000-RareTermPostings';
import { RareTermPostings1795850000000 as RareTermsSqlite1795850000000 } from '../../migrations/sqlite/1795850000000-RareTermPostings';
import { PostingsWithTheirDocument1795860000000 as PostingsMysql1795860000000 } from '../../migrations/mysql/1795860000000-PostingsWithTheirDocument';
import { PostingsWithTheirDocument1795860000000 as PostingsSqlite1795860000000 } from '../../migrations/sqlite/1795860000000-PostingsWithTheirDocument';
import { PostingsByBucket1795870000000 as BucketsMysql1795870000000 } from '../../migrations/mysql/1795870000000-PostingsByBucket';
import { PostingsByBucket1795870000000 as BucketsSqlite1795870000000 } from '../../migrations/sqlite/1795870000000-PostingsByBucket';
import { startAppBefore } from '../support/earlier-schema';
import { databaseKind, dropTestDatabase, startTestApp, TestApp } from '../support/test-app';

/**
 * Counts written by the release before, spread over slots: after the upgrade the lists count
 * the same, and on SQLite each count is one row (`CountsInOneSlot`), which the triggers keep.
 * MySQL keeps its slots (the last migration before this version's holds back on MySQL).
 */
describe(`document counts in slots, upgraded (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let member: TestUser;
  const DOCS = 20;

  beforeAll(async () => {
    // Today's code reads users' roles, tokens' sources, who manages a group and terms' counts,
    // passes a document's postings with its INSERT and keys them by bucket: those come first.
    const old = await startAppBefore(
      databaseKind === 'mysql' ? GrantsInListOrder1795800000000 : CountsInOneSlot1795810000000,
      databaseKind === 'mysql'
        ? [
            UserRolesMysql1795830000000,
            SignInMysql1795840000000,
            RareTermsMysql1795850000000,
            PostingsMysql1795860000000,
            BucketsMysql1795870000000,
          ]
        : [
            UserRolesSqlite1795830000000,
            SignInSqlite1795840000000,
            RareTermsSqlite1795850000000,
            PostingsSqlite1795860000000,
            BucketsSqlite1795870000000,
          ],
    );
    try {
      owner = await givenUser(old);
      member = await givenUser(old);
      const group = await givenGroup(old, owner, [member]);
      const http = request(old.http);
      await http
        .post('/api/v1/folders/shares')
        .set(owner.auth)
        .send({ path: '~/team', group_id: group, role: 'viewer' })
        .expect(201);
      for (let index = 0; index < DOCS; index++) {
        await http
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: `Counted ${index}`, path: '~/team' })
          .expect(201);
      }
    } finally {
      await old.app.close();
    }
    test = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await (test ? test.close() : dropTestDatabase());
  });

  async function countRows() {
    const [users] = await test.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM user_doc_counts WHERE user_id = ?',
      [owner.id],
    );
    const [grants] = await test.dataSource.query<{ n: number | string }[]>(
      "SELECT COUNT(*) AS n FROM doc_grant_counts WHERE grantee_type = 'group'",
    );
    return { userRows: Number(users.n), grantRows: Number(grants.n) };
  }

  async function totalOf(user: TestUser) {
    const response = await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
    return (response.body as { pagination: { total_count: number } }).pagination.total_count;
  }

  it('lists the same totals after the upgrade', async () => {
    expect([await totalOf(owner), await totalOf(member)]).toEqual([DOCS, DOCS]);
  });

  it('keeps a count in one row on SQLite, spread over several on MySQL', async () => {
    const rows = await countRows();
    if (databaseKind === 'sqlite') {
      expect(rows).toEqual({ userRows: 1, grantRows: 1 });
    } else {
      // All 20 in one of 16 slots has odds of 16^-19.
      expect(rows.userRows).toBeGreaterThan(1);
      expect(rows.grantRows).toBeGreaterThan(1);
    }
  });

  it('counts new documents, and documents moved out of the shared folder, in the same rows', async () => {
    const http = request(test.http);
    const created = await http
      .post('/api/v1/docs')
      .set(owner.auth)
      .send({ title: 'After', path: '~/team' })
      .expect(201);
    await http
      .delete(`/api/v1/docs/${(created.body as { uuid: string }).uuid}`)
      .set(owner.auth)
      .expect(204);
    await http.post('/api/v1/docs').set(owner.auth).send({ title: 'Mine alone' }).expect(201);
    expect([await totalOf(owner), await totalOf(member)]).toEqual([DOCS + 1, DOCS]);
    if (databaseKind === 'sqlite') expect(await countRows()).toEqual({ userRows: 1, grantRows: 1 });
  });
});
