import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DocsRepository } from '../../src/docs/documents/docs.repository';
import { givenUser, TestUser } from '../support/builders';
import { tableCounts } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`failures inside a request (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  it('rolls back a create that fails after its writes: no document, folder or user_docs row is left', async () => {
    const repository = test.app.get(DocsRepository);
    const insert = repository.insert.bind(repository);
    jest.spyOn(repository, 'insert').mockImplementationOnce(async (manager, doc) => {
      await insert(manager, doc);
      throw new Error('simulated failure after every row was written');
    });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const before = await tableCounts(test);

    const response = await request(test.http)
      .post('/api/v1/docs')
      .set(user.auth)
      .send({ title: 'Doomed', path: '~/never/created' })
      .expect(500);

    expect(response.body).toEqual({ error: 'internal server error' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await tableCounts(test)).toEqual(before);
    expect(logged).toHaveBeenCalledWith(
      'POST /api/v1/docs failed',
      expect.stringContaining('simulated failure after every row was written'),
    );
  });

  it('still serves the next request after a failure', async () => {
    await request(test.http)
      .post('/api/v1/docs')
      .set(user.auth)
      .send({ title: 'Fine', path: '~/never/created' })
      .expect(201);
    const folders = await request(test.http).get('/api/v1/folders').set(user.auth).expect(200);
    expect(folders.body.map((folder: { path: string }) => folder.path)).toEqual([
      '~/never',
      '~/never/created',
    ]);
  });

  it('answers 503 on /health once the database is gone', async () => {
    await test.dataSource.destroy();
    const response = await request(test.http).get('/health').expect(503);
    expect(response.body).toEqual({ error: 'database is unavailable' });
  });
});
