import request from 'supertest';
import { givenDoc, givenGroup, givenUser, TestUser } from '../support/builders';
import {
  disagreeingAnswers,
  keepListingAndSearching,
  ListAnswer,
  UnexpectedWrite,
  writeExpecting,
} from '../support/list-answers';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** Rounds each writer goes through; listers and searchers go on until every writer is done. */
const WRITER_ROUNDS = 24;

/** What each lister asks for: whole lists on one page, and later pages of short ones. */
const QUERIES = [
  { per_page: 100 },
  { per_page: 100, role: 'viewer' },
  { per_page: 100, role: 'editor' },
  { per_page: 4, page: 2 },
];

const FOLDERS = ['~/team', '~/team/sub', '~/private', '~'];

/**
 * The 1.1 list-consistency promise with folder shares: a member reaches documents through a
 * folder shared with their group and a subfolder shared with them while the owner shares and
 * unshares the folders, moves documents between shared and unshared folders, creates and
 * deletes documents there, and the member leaves the group and comes back. Every page holds
 * what its `total_count` says, no document twice; and afterwards the member has exactly the
 * documents the shares left cover: no access is left behind by a race.
 */
describe(`lists through folder shares agree with their total_count under change (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('while folder shares, moves, creates, the trash and memberships change, every page holds what its total says; then exactly what the shares cover', async () => {
    const owner = await givenUser(test);
    const member = await givenUser(test);
    const team = await givenGroup(test, owner, [member]);
    const uuids: string[] = [];
    for (let i = 0; i < 24; i++) {
      uuids.push(
        await givenDoc(test, owner, {
          title: `Consistent ${i}`,
          path: FOLDERS[i % FOLDERS.length],
        }),
      );
    }

    const answers: ListAnswer[] = [];
    const unexpected: UnexpectedWrite[] = [];
    await withListeningServer(test, async (base) => {
      const as = (user: TestUser, write: string, expected: number, call: request.Test) =>
        writeExpecting(unexpected, write, expected, call, user);
      // Each writer alone changes what it writes, so it knows what each write must answer.
      const folderShares = new Set<string>();
      const shareFolder = (body: {
        path: string;
        group_id?: number;
        email?: string;
        role?: string;
      }) => {
        const key = `${body.path} ${body.group_id ?? body.email}`;
        const expected = folderShares.has(key) ? 200 : 201;
        folderShares.add(key);
        return as(
          owner,
          `share ${key}`,
          expected,
          request(base).post('/api/v1/folders/shares').send(body),
        );
      };
      const unshareFolder = (key: string, id: number) => {
        folderShares.delete(key);
        return as(
          owner,
          `unshare ${key}`,
          204,
          request(base).delete(`/api/v1/folders/shares/${id}`),
        );
      };

      let writing = true;
      const folderSharer = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          const role = round % 2 === 0 ? 'viewer' : 'editor';
          const teamShare = await shareFolder({ path: '~/team', group_id: team, role });
          const subShare = await shareFolder({ path: '~/team/sub', email: member.email });
          if (round % 3 === 2) {
            await unshareFolder(`~/team ${team}`, (teamShare.body as { id: number }).id);
            await unshareFolder(`~/team/sub ${member.email}`, (subShare.body as { id: number }).id);
          }
        }
      };
      const mover = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          const uuid = uuids[(round * 5) % 20];
          const path = FOLDERS[(round + 1) % FOLDERS.length];
          await as(
            owner,
            `move ${uuid} to ${path}`,
            204,
            request(base).put(`/api/v1/docs/${uuid}`).send({ path }),
          );
        }
      };
      const creatorAndBin = async () => {
        const inTrash = new Set<string>();
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          const made = await as(
            owner,
            `create ${round}`,
            201,
            request(base)
              .post('/api/v1/docs')
              .send({ title: `Consistent new ${round}`, path: '~/team/sub/new' }),
          );
          uuids.push((made.body as { uuid: string }).uuid);
          // The last four of the first documents go to the trash and come back in turn (a
          // document not in the trash has nothing to restore; one there, nothing to delete).
          const binned = uuids[20 + (round % 4)];
          if (round % 2 === 0) {
            const expected = inTrash.has(binned) ? 404 : 204;
            inTrash.add(binned);
            await as(
              owner,
              `bin ${binned}`,
              expected,
              request(base).delete(`/api/v1/docs/${binned}`),
            );
          } else {
            const expected = inTrash.delete(binned) ? 200 : 404;
            await as(
              owner,
              `restore ${binned}`,
              expected,
              request(base).post(`/api/v1/trash/${binned}/restore`),
            );
          }
        }
      };
      const leaver = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          await as(
            member,
            `leave ${round}`,
            204,
            request(base).delete(`/api/v1/groups/${team}/members/${member.id}`),
          );
          await as(
            owner,
            `come back ${round}`,
            201,
            request(base).post(`/api/v1/groups/${team}/members`).send({ email: member.email }),
          );
        }
      };
      const going = () => writing;
      const readers = keepListingAndSearching(base, member, QUERIES, going, answers);
      await Promise.all([folderSharer(), mover(), creatorAndBin(), leaver()]);
      writing = false;
      await Promise.all(readers);
    });

    expect(unexpected).toEqual([]);
    expect(answers.length).toBeGreaterThan(QUERIES.length + 1);
    expect(disagreeingAnswers(answers)).toEqual([]);

    // What is left: the member has exactly the documents the shares left cover.
    const shares = await request(test.http)
      .get('/api/v1/folders/shares')
      .set(owner.auth)
      .expect(200);
    const sharedPaths = (shares.body as { shares: { path: string }[] }).shares.map((s) => s.path);
    const covered = (path: string) =>
      sharedPaths.some((shared) => path === shared || path.startsWith(`${shared}/`));
    const expected: string[] = [];
    for (const uuid of uuids) {
      const doc = await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth);
      // A document in the trash is found by nobody but the trash.
      if (doc.status === 200 && covered((doc.body as { path: string }).path)) expected.push(uuid);
    }
    const list = await request(test.http)
      .get('/api/v1/docs')
      .query({ per_page: 100 })
      .set(member.auth)
      .expect(200);
    const listed = (list.body as { docs: { uuid: string }[] }).docs.map((doc) => doc.uuid);
    expect(listed.sort()).toEqual(expected.sort());
    expect((list.body as { pagination: { total_count: number } }).pagination.total_count).toBe(
      expected.length,
    );

    // Every share removed: nothing is left to the member, in the list, search or a read.
    const ids = (shares.body as { shares: { id: number }[] }).shares.map((s) => s.id);
    for (const id of ids) {
      await request(test.http).delete(`/api/v1/folders/shares/${id}`).set(owner.auth).expect(204);
    }
    const empty = await request(test.http).get('/api/v1/docs').set(member.auth).expect(200);
    expect(empty.body).toMatchObject({ docs: [], pagination: { total_count: 0 } });
    const found = await request(test.http)
      .get('/api/v1/search')
      .query({ q: 'consistent' })
      .set(member.auth)
      .expect(200);
    expect(found.body).toMatchObject({ results: [], pagination: { total_count: 0 } });
    for (const uuid of uuids) {
      expect((await request(test.http).get(`/api/v1/docs/${uuid}`).set(member.auth)).status).toBe(
        404,
      );
    }
  });
});
