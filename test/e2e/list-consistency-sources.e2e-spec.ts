import request from 'supertest';
import { givenDoc, givenGroup, givenUser, TestUser } from '../support/builders';
import {
  disagreeingAnswers,
  keepAsking,
  listing,
  ListAnswer,
  UnexpectedWrite,
  writeExpecting,
} from '../support/list-answers';
import { withListeningServer } from '../support/listening-server';
import { docListStatements } from '../../src/docs/access/doc-list.statements';
import { recordStatements } from '../support/statement-log';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** Rounds each writer goes through; readers go on until every writer is done. */
const WRITER_ROUNDS = 16;

/** Whole lists (by role too), and pages of a short one read from either end. */
const QUERIES = [
  { per_page: 100 },
  { per_page: 100, role: 'viewer' },
  { per_page: 100, role: 'editor' },
  { per_page: 3, page: 2 },
  { per_page: 3, page: 9 },
];

/** Folders of the owner shared with the member for the whole test, none inside another. */
const STILL_SHARED = ['~/s1', '~/s2', '~/s3', '~/s4'];

/**
 * The list-consistency promise for a member of many sources, the lists the engine reads from
 * every grant in list order (eight ways or more): four groups with documents shared with each
 * and four folder shares, while another folder share and a group share come and go, documents
 * move in and out of shared folders, are created, updated, binned and restored, and the member
 * leaves a group and comes back. Two instances of the application serve the same database (on
 * SQLite only the first writes: it serves one writing process), so each remembers lists the
 * other changes. Every write gets the status its writer expects; every page holds what its
 * `total_count` says, no document twice; afterwards both instances and a new one list the same.
 */
describe(`lists of a member of many sources agree with their total_count under change, on two instances (${databaseKind})`, () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp();
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('while shares, memberships, moves, updates and the trash change, every write gets its status and every page holds what its total says, on both instances', async () => {
    const owner = await givenUser(first);
    const member = await givenUser(first);
    const groups: number[] = [];
    for (let g = 0; g < 4; g++) groups.push(await givenGroup(first, owner, [member]));
    const share = (path: string, body: Record<string, unknown>) =>
      request(first.http)
        .post(path)
        .set(owner.auth)
        .send({ role: 'viewer', ...body })
        .expect(201);
    // Documents shared with each group, and in each folder shared with the member.
    const groupDocs: string[] = [];
    for (const [g, group] of groups.entries()) {
      for (let i = 0; i < 3; i++) {
        const uuid = await givenDoc(first, owner, { title: `Consistent g${g} ${i}` });
        await share(`/api/v1/docs/${uuid}/groups`, { group_id: group });
        groupDocs.push(uuid);
      }
    }
    for (const path of STILL_SHARED) {
      await share('/api/v1/folders/shares', { path, email: member.email });
      await givenDoc(first, owner, { title: `Consistent in ${path}`, path });
    }
    const moving: string[] = [];
    for (let i = 0; i < 4; i++) {
      moving.push(await givenDoc(first, owner, { title: `Consistent moving ${i}`, path: '~/s1' }));
    }
    const binned: string[] = [];
    for (let i = 0; i < 3; i++) {
      binned.push(await givenDoc(first, owner, { title: `Consistent binned ${i}`, path: '~/s2' }));
    }
    const toggled = await givenDoc(first, owner, { title: 'Consistent toggled' });
    await givenDoc(first, owner, { title: 'Consistent in ~/t', path: '~/t/inner' });
    const [leftAndBack] = groups;

    const logs = [first, second].map((test) => recordStatements(test.dataSource));
    const answers: ListAnswer[] = [];
    /** Writes whose status was not the one their writer expects. */
    const unexpected: UnexpectedWrite[] = [];
    await withListeningServer(first, (firstBase) =>
      withListeningServer(second, async (secondBase) => {
        // On MySQL the writers take turns between the instances; SQLite has one writing process.
        const writerBase = (round: number) =>
          databaseKind === 'mysql' && round % 2 === 1 ? secondBase : firstBase;
        const expectStatus = (
          write: string,
          expected: number,
          call: request.Test,
          user: TestUser = owner,
        ) => writeExpecting(unexpected, write, expected, call, user);

        let writing = true;
        const folderSharer = async () => {
          for (let round = 0; round < WRITER_ROUNDS; round++) {
            const base = writerBase(round);
            const made = await expectStatus(
              `share ~/t ${round}`,
              201,
              request(base)
                .post('/api/v1/folders/shares')
                .send({ path: '~/t', group_id: groups[round % 4], role: 'editor' }),
            );
            const id = (made.body as { id: number }).id;
            await expectStatus(
              `unshare ~/t ${round}`,
              204,
              request(base).delete(`/api/v1/folders/shares/${id}`),
            );
          }
        };
        const groupSharer = async () => {
          for (let round = 0; round < WRITER_ROUNDS; round++) {
            const base = writerBase(round + 1);
            const group = groups[(round + 1) % 4];
            await expectStatus(
              `share with group ${round}`,
              201,
              request(base)
                .post(`/api/v1/docs/${toggled}/groups`)
                .send({ group_id: group, role: round % 2 === 0 ? 'editor' : 'viewer' }),
            );
            await expectStatus(
              `unshare with group ${round}`,
              204,
              request(base).delete(`/api/v1/docs/${toggled}/groups/${group}`),
            );
          }
        };
        const mover = async () => {
          for (let round = 0; round < WRITER_ROUNDS; round++) {
            const base = writerBase(round);
            const uuid = moving[round % moving.length];
            // Out of the shared folders and back, by turns.
            const path = Math.floor(round / moving.length) % 2 === 0 ? '~/private' : '~/s1';
            await expectStatus(
              `move ${round}`,
              204,
              request(base).put(`/api/v1/docs/${uuid}`).send({ path }),
            );
            await expectStatus(
              `update ${round}`,
              204,
              request(base)
                .put(`/api/v1/docs/${groupDocs[round % groupDocs.length]}`)
                .send({ title: `Consistent updated ${round}` }),
            );
          }
        };
        const binner = async () => {
          const inTrash = new Set<string>();
          const restore = (uuid: string, base: string, write: string) => {
            inTrash.delete(uuid);
            return expectStatus(write, 200, request(base).post(`/api/v1/trash/${uuid}/restore`));
          };
          for (let round = 0; round < WRITER_ROUNDS; round++) {
            const base = writerBase(round + 1);
            const uuid = binned[round % binned.length];
            if (inTrash.has(uuid)) await restore(uuid, base, `restore ${round}`);
            else {
              inTrash.add(uuid);
              await expectStatus(`bin ${round}`, 204, request(base).delete(`/api/v1/docs/${uuid}`));
            }
            await expectStatus(
              `create ${round}`,
              201,
              request(base)
                .post('/api/v1/docs')
                .send({ title: `Consistent new ${round}`, path: '~/s3/new' }),
            );
          }
          for (const uuid of [...inTrash]) await restore(uuid, firstBase, 'restore at the end');
        };
        const leaver = async () => {
          for (let round = 0; round < WRITER_ROUNDS; round++) {
            const base = writerBase(round);
            await expectStatus(
              `leave ${round}`,
              204,
              request(base).delete(`/api/v1/groups/${leftAndBack}/members/${member.id}`),
              member,
            );
            await expectStatus(
              `come back ${round}`,
              201,
              request(base)
                .post(`/api/v1/groups/${leftAndBack}/members`)
                .send({ email: member.email }),
            );
          }
        };
        const going = () => writing;
        const readers = [
          ...keepAsking(firstBase, member, listing(QUERIES), going, answers),
          ...keepAsking(secondBase, member, listing(QUERIES), going, answers),
        ];
        await Promise.all([folderSharer(), groupSharer(), mover(), binner(), leaver()]);
        writing = false;
        await Promise.all(readers);
      }),
    );

    // Each instance read the member's pages from every grant in list order (the dense shapes),
    // in a snapshot and in one statement, while the writes went on.
    const names = new Map(
      Object.entries(docListStatements(databaseKind)).map(([name, text]) => [
        text.replace(/\s+/g, ' ').trim(),
        name.replace(/:(newest|oldest)-first/, ''),
      ]),
    );
    for (const log of logs) {
      const shapes = new Set(log.statements().map((text) => names.get(text)));
      log.restore();
      expect([
        shapes.has('mergedList.densePage'),
        shapes.has('mergedList.densePage:oneStatement') ||
          shapes.has('mergedList.densePage:oneStatement,overlap'),
      ]).toEqual([true, true]);
    }
    expect(unexpected).toEqual([]);
    expect(answers.length).toBeGreaterThan(2 * QUERIES.length);
    expect(disagreeingAnswers(answers)).toEqual([]);

    // Afterwards: both instances, and one that never read the list, list the same, page by page.
    const third = await startTestApp();
    try {
      const pages = async (test: TestApp) => {
        const uuids: string[] = [];
        for (let page = 1; page <= 20; page++) {
          const response = await request(test.http)
            .get('/api/v1/docs')
            .query({ per_page: 3, page })
            .set(member.auth)
            .expect(200);
          const body = response.body as {
            docs: { uuid: string; role: string }[];
            pagination: { total_count: number };
          };
          uuids.push(...body.docs.map((doc) => `${doc.uuid} ${doc.role}`));
          if (body.docs.length < 3) return { uuids, total: body.pagination.total_count };
        }
        throw new Error('more than 20 pages');
      };
      const fromFirst = await pages(first);
      expect(fromFirst.total).toBe(fromFirst.uuids.length);
      // The groups' 12, the four folders' 4, the moving 4 (back in ~/s1), the binned 3 (back
      // from the trash), and the new 16 in ~/s3/new; not the one in ~/t, nor the toggled one.
      expect(fromFirst.total).toBe(12 + 4 + 4 + 3 + WRITER_ROUNDS);
      expect(await pages(second)).toEqual(fromFirst);
      expect(await pages(third)).toEqual(fromFirst);
    } finally {
      await third.app.close();
    }
  });
});
