// Idempotency keys are shared by every instance: two servers on one MySQL database, 100
// concurrent requests with one key spread over both, make exactly one document.
import { buildIfNeeded, RunningService, startBuiltService } from '../support/built-service';
import { givenUser } from '../support/builders';
import { createWithKey } from '../support/idempotent-client';
import { startTestApp, TestApp } from '../support/test-app';

describe('idempotent creates through two instances on one MySQL database', () => {
  let test: TestApp;
  let instances: RunningService[] = [];

  beforeAll(async () => {
    buildIfNeeded();
    test = await startTestApp();
    instances = await Promise.all([startBuiltService(), startBuiltService()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await test.close();
  });

  it('100 concurrent requests with one key: one document, every answer 201 or 409', async () => {
    const user = await givenUser(test);
    const body = { title: 'One of a hundred', html: '<p>once</p>', path: '~/shared' };
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createWithKey(instances[i % 2], user.token, 'two-instances', body),
      ),
    );
    expect(answers.filter((answer) => ![201, 409].includes(answer.status))).toEqual([]);
    const created = answers.filter((answer) => answer.status === 201);
    const originals = created.filter((answer) => answer.replayed === null);
    expect(originals).toHaveLength(1);
    for (const answer of created) {
      expect(answer.body).toEqual(originals[0].body);
      expect(answer.location).toBe(originals[0].location);
    }
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const docs = await test.dataSource.query<{ uuid: string }[]>(
      'SELECT uuid FROM docs WHERE owner_id = ?',
      [user.id],
    );
    expect(docs).toEqual([originals[0].body]);
    // Either instance replays it from then on.
    for (const instance of instances) {
      expect(await createWithKey(instance, user.token, 'two-instances', body)).toEqual({
        ...originals[0],
        replayed: 'true',
      });
    }
  });
});
