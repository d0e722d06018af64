// A read never sees what another request's open transaction has written: on MySQL by READ
// COMMITTED; on SQLite, whose one connection every request shares, because a statement outside
// a transaction waits until no transaction is open (SqliteTurn).
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DocAccessRepository } from '../../src/docs/access/doc-access.repository';
import { DocsService } from '../../src/docs/documents/docs.service';
import { givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

describe(`reads and other requests' open transactions (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
  });
  afterAll(() => test.close());

  it('a read while a create is open does not see the document, which then rolls back', async () => {
    const uuid = randomUUID();
    const written = signal();
    const rollBack = signal();
    // A create in a new folder, held open after its writes (as an idempotent create's is while
    // it records its key), then failing: everything it wrote is rolled back.
    const create = test.app.get(DocsService).create(
      owner,
      { title: 'Never committed', path: '~/uncommitted' },
      {
        uuid,
        inTransaction: async () => {
          written.fire();
          await rollBack.promise;
          throw new Error('rolled back on purpose');
        },
      },
    );
    await written.promise;

    // Reads the way every request reads: the document, and the list through HTTP.
    const read = test.app.get(DocAccessRepository).findAccess(uuid, owner.id);
    const list = request(test.http).get('/api/v1/docs').set(owner.auth);
    const folders = request(test.http).get('/api/v1/folders').set(owner.auth);
    const listed = list.then((response) => response);
    const foldersListed = folders.then((response) => response);
    // One turn of the event loop: time enough for a read that does not wait to have run.
    await new Promise((resolve) => setImmediate(resolve));

    rollBack.fire();
    await expect(create).rejects.toThrow('rolled back on purpose');
    expect(await read).toBeNull();
    const listAnswer = await listed;
    expect(listAnswer.status).toBe(200);
    expect(listAnswer.body).toMatchObject({ docs: [], pagination: { total_count: 0 } });
    const foldersAnswer = await foldersListed;
    expect({ status: foldersAnswer.status, body: foldersAnswer.body as unknown }).toEqual({
      status: 200,
      body: [],
    });
    const get = await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth);
    expect(get.status).toBe(404);
  });
});
