import request from 'supertest';
import { DocsService } from '../../src/docs/documents/docs.service';
import { givenUser, TestUser } from '../support/builders';
import { startTestApp, TestApp } from '../support/test-app';

describe('the request deadline (REQUEST_TIMEOUT_MS)', () => {
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    process.env.REQUEST_TIMEOUT_MS = '300';
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers 503 with Retry-After when a request is stuck longer than the deadline', async () => {
    // A handler that never finishes, as with a database that stopped answering mid-query.
    jest.spyOn(test.app.get(DocsService), 'list').mockReturnValueOnce(new Promise(() => undefined));
    const started = performance.now();
    const response = await request(test.http).get('/api/v1/docs').set(user.auth);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'request took longer than 300 ms' });
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['x-request-id']).toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('leaves requests that finish in time alone', async () => {
    await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
  });
});
