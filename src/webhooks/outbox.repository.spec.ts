import type { EntityManager } from 'typeorm';
import type { Sql } from '../database/sql';
import type { TransactionRunner } from '../database/transaction-runner';
import {
  AttemptResult,
  ClaimedDelivery,
  failureStreaks,
  OutboxRepository,
} from './outbox.repository';
import { outboxStatements } from './outbox.statements';
import type { RecordedChange } from './outbox-events';

const attempt = (webhookId: number, ok: boolean, error = 'connection refused'): AttemptResult => ({
  delivery: { webhook_id: webhookId } as ClaimedDelivery,
  outcome: { statusCode: ok ? 200 : null, error: ok ? null : error, durationMs: 1, at: new Date() },
  ok,
  retryAt: null,
});

describe('failureStreaks', () => {
  it('counts failures on top of the stored count when no success came', () => {
    const streaks = failureStreaks([attempt(1, false), attempt(1, false, 'timeout')]);
    expect(streaks.get(1)).toEqual({
      reset: false,
      failures: 2,
      last: expect.objectContaining({ error: 'timeout' }),
    });
  });

  it('starts again from the last success, in the order the attempts ended', () => {
    const streaks = failureStreaks([
      attempt(1, false),
      attempt(2, false),
      attempt(1, true),
      attempt(1, false),
      attempt(2, true),
    ]);
    expect(streaks.get(1)).toMatchObject({ reset: true, failures: 1 });
    expect(streaks.get(2)).toEqual({ reset: true, failures: 0 });
  });
});

/**
 * The texts the outbox sends, against a database that answers every query with `rows` rows
 * and every write with one row affected: each must be listed, with as many `?` as parameters.
 */
describe('outboxStatements', () => {
  const sent: { sql: string; parameters: unknown[] }[] = [];
  let rows = 0;
  const answer = (sql: string, parameters: unknown[]) => {
    sent.push({ sql, parameters });
    return Array.from({ length: rows }, (_, i) => ({ id: i + 1 }));
  };
  const sql = {
    rows: (text: string, parameters: unknown[]) => Promise.resolve(answer(text, parameters)),
    run: (text: string, parameters: unknown[]) => {
      answer(text, parameters);
      return Promise.resolve({ affected: 1, insertId: 0 });
    },
  } as unknown as Sql;
  const manager = {} as EntityManager;
  const transactions = {
    run: (work: (manager: EntityManager) => Promise<unknown>) => work(manager),
    exclusive: (work: (manager: EntityManager) => Promise<unknown>) => work(manager),
  } as unknown as TransactionRunner;
  const outbox = new OutboxRepository(sql, transactions);
  const listed = new Set(Object.values(outboxStatements('mysql')));

  beforeEach(() => {
    sent.length = 0;
  });

  const expectListed = () => {
    expect(sent.length).toBeGreaterThan(0);
    for (const { sql: text, parameters } of sent) {
      expect(listed.has(text) ? '' : text).toBe('');
      expect(text.split('?').length - 1).toBe(parameters.length);
    }
  };

  it('lists the same texts on both databases', () => {
    expect(outboxStatements('sqlite')).toEqual(outboxStatements('mysql'));
  });

  it.each<RecordedChange>([
    { type: 'member.added', change: { docId: 1, userId: 2, role: 'viewer', actorId: 3 } },
    { type: 'member.removed', change: { docId: 1, userId: 2, role: 'viewer', actorId: 3 } },
    {
      type: 'document.group_shared',
      change: { docId: 1, groupId: 2, role: 'viewer', actorId: 3 },
    },
    {
      type: 'folder.shared',
      change: {
        shareId: 1,
        ownerId: 2,
        path: '/a',
        grantee: { type: 'user', id: 3 },
        role: 'viewer',
      },
    },
    {
      type: 'folder.unshared',
      change: {
        shareId: 1,
        ownerId: 2,
        path: '/a',
        grantee: { type: 'group', id: 3 },
        role: 'viewer',
      },
    },
    {
      type: 'group.member_added',
      change: { groupId: 1, userId: 2, role: 'member', actorId: 3 },
    },
  ])('records a change ($type) with listed texts', async (announced) => {
    await outbox.recordChange(manager, announced, new Date());
    expectListed();
  });

  it.each([1, 3, 64, 128, 200, 256])('claims from %i webhooks with listed texts', async (count) => {
    rows = count;
    const claimed = await outbox.claim('me', new Date(), new Date(), 1000, 16, new Map());
    expect(claimed.length).toBeGreaterThan(0);
    expectListed();
  });

  it.each([1, 5, 128, 300])(
    'releases, records and cleans up %i with listed texts',
    async (count) => {
      rows = count;
      const ids = Array.from({ length: count }, (_, i) => i + 1);
      await outbox.release(ids, 'me');
      const results = ids.map((id) => ({
        ...attempt(id % 3, id % 2 === 0),
        retryAt: id % 5 === 0 ? new Date() : null,
      }));
      await outbox.record('me', results, 50);
      await outbox.cleanUp(new Date(), 1000);
      expectListed();
    },
  );
});
