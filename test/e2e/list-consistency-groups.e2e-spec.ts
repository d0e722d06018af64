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
const WRITER_ROUNDS = 30;

/** What each lister asks for: whole lists on one page, and later pages of short ones. */
const QUERIES = [
  { per_page: 100 },
  { per_page: 100, role: 'viewer' },
  { per_page: 100, role: 'editor' },
  { per_page: 4, page: 2 },
  { per_page: 3, page: 3, role: 'viewer' },
];

/**
 * The 1.1 list-consistency promise with groups: a member reaches the same documents through
 * two groups and through direct shares while the owner shares and unshares them with the
 * groups, the member leaves a group and comes back, and documents go to the trash. Every page
 * holds what its `total_count` says, no document twice; once every way is gone, so is access.
 */
describe(`lists through groups agree with their total_count under change (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('while group shares, memberships, direct shares and the trash change, every page and search holds what its total says, none twice', async () => {
    const owner = await givenUser(test);
    const member = await givenUser(test);
    const first = await givenGroup(test, owner, [member]);
    const second = await givenGroup(test, owner, [member]);
    const uuids: string[] = [];
    for (let i = 0; i < 30; i++) {
      uuids.push(await givenDoc(test, owner, { title: `Consistent ${i}` }));
    }

    const answers: ListAnswer[] = [];
    const unexpected: UnexpectedWrite[] = [];
    await withListeningServer(test, async (base) => {
      const as = (user: TestUser, write: string, expected: number, call: request.Test) =>
        writeExpecting(unexpected, write, expected, call, user);
      // Only the group sharer shares with the groups, so it knows what each write must answer.
      const shared = new Set<string>();
      const shareWith = (uuid: string, group: number, role: string) => {
        const key = `${uuid} ${group}`;
        const expected = shared.has(key) ? 200 : 201;
        shared.add(key);
        return as(
          owner,
          `share ${key}`,
          expected,
          request(base).post(`/api/v1/docs/${uuid}/groups`).send({ group_id: group, role }),
        );
      };
      const unshareWith = (uuid: string, group: number) => {
        const key = `${uuid} ${group}`;
        const expected = shared.delete(key) ? 204 : 404;
        return as(
          owner,
          `unshare ${key}`,
          expected,
          request(base).delete(`/api/v1/docs/${uuid}/groups/${group}`),
        );
      };

      let writing = true;
      const groupSharer = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          await shareWith(uuids[round % 20], first, round % 2 === 0 ? 'viewer' : 'editor');
          await shareWith(uuids[(round + 7) % 20], second, 'viewer');
          await unshareWith(uuids[(round + 3) % 20], first);
          // The last ten documents go to the trash one by one, once shared with both groups.
          if (round % 3 === 0 && round / 3 < 10) {
            const doomed = uuids[20 + round / 3];
            await shareWith(doomed, first, 'editor');
            await shareWith(doomed, second, 'viewer');
            await as(owner, `bin ${doomed}`, 204, request(base).delete(`/api/v1/docs/${doomed}`));
          }
        }
      };
      const leaver = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          await as(
            member,
            `leave ${round}`,
            204,
            request(base).delete(`/api/v1/groups/${second}/members/${member.id}`),
          );
          await as(
            owner,
            `come back ${round}`,
            201,
            request(base).post(`/api/v1/groups/${second}/members`).send({ email: member.email }),
          );
        }
      };
      const directSharer = async () => {
        for (let round = 0; round < WRITER_ROUNDS; round++) {
          const uuid = uuids[(round + 11) % 20];
          await as(
            owner,
            `share ${uuid} with the member`,
            201,
            request(base).post(`/api/v1/docs/${uuid}/users`).send({ email: member.email }),
          );
          await as(
            owner,
            `unshare ${uuid} with the member`,
            204,
            request(base).delete(`/api/v1/docs/${uuid}/users/${member.id}`),
          );
        }
      };
      const going = () => writing;
      const readers = keepListingAndSearching(base, member, QUERIES, going, answers);
      await Promise.all([groupSharer(), leaver(), directSharer()]);
      writing = false;
      await Promise.all(readers);
    });

    expect(unexpected).toEqual([]);
    expect(answers.length).toBeGreaterThan(QUERIES.length + 1);
    expect(disagreeingAnswers(answers)).toEqual([]);

    // Every way taken away: nothing is left to the member, in the list, search or a read.
    for (const uuid of uuids) {
      for (const group of [first, second]) {
        await request(test.http).delete(`/api/v1/docs/${uuid}/groups/${group}`).set(owner.auth);
      }
    }
    const list = await request(test.http).get('/api/v1/docs').set(member.auth).expect(200);
    expect(list.body).toMatchObject({ docs: [], pagination: { total_count: 0 } });
    const found = await request(test.http)
      .get('/api/v1/search')
      .query({ q: 'consistent' })
      .set(member.auth)
      .expect(200);
    expect(found.body).toMatchObject({ results: [], pagination: { total_count: 0 } });
    for (const uuid of uuids.slice(0, 20)) {
      expect((await request(test.http).get(`/api/v1/docs/${uuid}`).set(member.auth)).status).toBe(
        404,
      );
    }
  });
});
