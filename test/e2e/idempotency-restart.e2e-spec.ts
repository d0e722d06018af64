// Idempotency keys live in the database: a server killed between two replays (no shutdown, no
// chance to flush anything) is replaced by a new process that still replays the first 201.
import { buildIfNeeded, RunningService, startBuiltService } from '../support/built-service';
import { givenUser } from '../support/builders';
import { createWithKey } from '../support/idempotent-client';
import { UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`idempotent creates across a server crash (${databaseKind})`, () => {
  let test: TestApp;
  let service: RunningService | undefined;

  beforeAll(async () => {
    buildIfNeeded();
    test = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await test.close();
  });

  it('the replay after a kill and restart still returns the first 201', async () => {
    const user = await givenUser(test);
    const body = { title: 'Survives a crash', path: '~/crash' };
    service = await startBuiltService();
    const first = await createWithKey(service, user.token, 'crash-1', body);
    expect(first).toEqual({
      status: 201,
      body: { uuid: expect.stringMatching(UUID) },
      location: `/api/v1/docs/${(first.body as { uuid: string }).uuid}`,
      replayed: null,
      retryAfter: null,
    });
    const replay = { ...first, replayed: 'true' };
    expect(await createWithKey(service, user.token, 'crash-1', body)).toEqual(replay);

    await service.kill();
    service = await startBuiltService();
    expect(await createWithKey(service, user.token, 'crash-1', body)).toEqual(replay);
    const other = await createWithKey(service, user.token, 'crash-1', { title: 'Changed' });
    expect(other.status).toBe(422);

    const docs = await test.dataSource.query<{ uuid: string }[]>(
      'SELECT uuid FROM docs WHERE owner_id = ?',
      [user.id],
    );
    expect(docs).toEqual([{ uuid: (first.body as { uuid: string }).uuid }]);
  }, 60_000);
});
