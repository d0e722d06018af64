import request from 'supertest';
import { givenUser, TestUser } from '../support/builders';
import { startTestApp, TestApp } from '../support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const RETRY_AFTER_SECONDS = /^([1-9]|[1-5][0-9]|60)$/;

/** Starts an app with these rate-limit settings (the rest as for every e2e suite). */
async function appWith(settings: Record<string, string>): Promise<TestApp> {
  Object.assign(process.env, { RATE_LIMIT_WINDOW_MS: '60000', ...settings });
  return startTestApp();
}

/** A 429 tells a client that backs off everything: the limit, none left, and when it resets. */
function expectRefusal(response: request.Response, limit: number): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(exceeded(limit));
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['retry-after']).toMatch(RETRY_AFTER_SECONDS);
  expect(response.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(response.headers['x-ratelimit-remaining']).toBe('0');
  expect(response.headers['x-ratelimit-reset']).toBe(response.headers['retry-after']);
}

function exceeded(limit: number) {
  return {
    error: expect.stringMatching(
      new RegExp(`^rate limit exceeded: at most ${limit} requests per 60 s; retry in \\d+ s$`),
    ) as unknown,
  };
}

describe('rate limits', () => {
  describe('one instance (counters in memory)', () => {
    let test: TestApp;
    let alice: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      test = await appWith({
        RATE_LIMIT_PER_TOKEN: '3',
        RATE_LIMIT_PER_ADDRESS: '2',
        // Lets each case below come from an address of its own.
        TRUST_PROXY: 'loopback',
      });
      alice = await givenUser(test);
      bob = await givenUser(test);
    });
    afterAll(() => test.close());

    const from = (address: string) => ({ 'X-Forwarded-For': address });

    it('counts every route against one budget per token, then answers 429 with Retry-After and the limit headers', async () => {
      const sent = [
        request(test.http).get('/api/v1/docs').set(alice.auth),
        request(test.http).post('/api/v1/docs').set(alice.auth).send({ title: 'one' }),
        request(test.http).get('/api/v1/folders').set(alice.auth),
      ];
      const remaining: string[] = [];
      for (const call of sent) {
        const response = await call;
        expect(response.status).toBeLessThan(300);
        expect(response.headers['x-ratelimit-limit']).toBe('3');
        expect(response.headers['x-ratelimit-reset']).toMatch(RETRY_AFTER_SECONDS);
        remaining.push(response.headers['x-ratelimit-remaining']);
      }
      expect(remaining).toEqual(['2', '1', '0']);

      const refused = await request(test.http).get('/api/v1/docs').set(alice.auth);
      expectRefusal(refused, 3);
      expect(refused.headers['x-request-id']).toBeDefined();
      // A refused write is not performed.
      await request(test.http)
        .post('/api/v1/docs')
        .set(alice.auth)
        .send({ title: 'two' })
        .expect(429);
      const rows = await test.dataSource.query<{ n: number }[]>(
        'SELECT COUNT(*) AS n FROM docs WHERE owner_id = ?',
        [alice.id],
      );
      expect(Number(rows[0].n)).toBe(1);
    });

    it("does not let one token's traffic use up another's", async () => {
      const response = await request(test.http).get('/api/v1/docs').set(bob.auth).expect(200);
      expect(response.headers['x-ratelimit-remaining']).toBe('2');
    });

    it('limits requests without a token per client address', async () => {
      await request(test.http).get('/health').set(from('10.0.0.1')).expect(200);
      await request(test.http).get('/health').set(from('10.0.0.1')).expect(200);
      const refused = await request(test.http).get('/health').set(from('10.0.0.1'));
      expectRefusal(refused, 2);
      await request(test.http).get('/health').set(from('10.0.0.2')).expect(200);
    });

    it('counts refused credentials against the address, so guessing tokens is throttled too', async () => {
      const guess = () => `Bearer dms_${'x'.repeat(40)}${Math.random().toString(36).slice(2, 5)}`;
      for (let i = 0; i < 2; i += 1) {
        await request(test.http)
          .get('/api/v1/docs')
          .set({ ...from('10.0.0.3'), Authorization: guess() })
          .expect(401);
      }
      const refused = await request(test.http)
        .get('/api/v1/docs')
        .set({ ...from('10.0.0.3'), Authorization: guess() });
      expectRefusal(refused, 2);
      // A valid token from that address still has its own budget.
      await request(test.http)
        .get('/api/v1/docs')
        .set({ ...from('10.0.0.3'), ...bob.auth })
        .expect(200);
    });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says to trust the proxy', async () => {
    const test = await appWith({
      RATE_LIMIT_PER_TOKEN: '0',
      RATE_LIMIT_PER_ADDRESS: '1',
      TRUST_PROXY: '',
    });
    try {
      await request(test.http).get('/health').set('X-Forwarded-For', '10.1.0.1').expect(200);
      await request(test.http).get('/health').set('X-Forwarded-For', '10.1.0.2').expect(429);
    } finally {
      await test.close();
    }
  });

  it('a limit of 0 turns that limit off (no headers, no 429)', async () => {
    const test = await appWith({ RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_ADDRESS: '0' });
    try {
      const user = await givenUser(test);
      for (let i = 0; i < 5; i += 1) {
        const response = await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await test.close();
    }
  });

  describe('two instances sharing Redis (REDIS_URL)', () => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      first = await appWith({ RATE_LIMIT_PER_TOKEN: '4', REDIS_URL });
      second = await appWith({ RATE_LIMIT_PER_TOKEN: '4', REDIS_URL });
    });
    afterAll(async () => {
      await second.app.close();
      await first.close();
    });

    it('enforce one limit per token across both', async () => {
      const user = await givenUser(first);
      const statuses: number[] = [];
      const remaining: string[] = [];
      for (const app of [first, second, first, second, first, second]) {
        const response = await request(app.http).get('/api/v1/docs').set(user.auth);
        statuses.push(response.status);
        remaining.push(response.headers['x-ratelimit-remaining']);
        if (response.status === 429) expectRefusal(response, 4);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      expect(remaining).toEqual(['3', '2', '1', '0', '0', '0']);
      console.info(`rate limit across two instances on Redis (limit 4): ${statuses.join(' ')}`);
    });
  });

  it('lets requests through when Redis does not answer (the limiter must not become the outage)', async () => {
    const test = await appWith({ RATE_LIMIT_PER_TOKEN: '1', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const user = await givenUser(test);
      for (let i = 0; i < 3; i += 1) {
        await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
      }
    } finally {
      await test.close();
    }
  });
});
