import { Logger } from '@nestjs/common';
import * as mysql2 from 'mysql2';
import type { PoolConnection, PoolOptions } from 'mysql2';

/**
 * `wsrep_sync_wait` for every session on a Galera node: 1 (reads, and BEGIN) + 2 (UPDATE and
 * DELETE) wait until the node has applied every write the cluster committed before they
 * started. A client that writes through one node and then reads or updates through another
 * (after a failover, or behind a balancer that spreads connections) sees its own write.
 * INSERTs run in transactions, whose BEGIN already waits.
 */
export const GALERA_SYNC_WAIT = 3;

/** The statements each new pooled connection runs first on a Galera node. */
export const GALERA_SESSION_SETUP = [`SET SESSION wsrep_sync_wait = ${GALERA_SYNC_WAIT}`];

/**
 * mysql2 as TypeORM uses it, except that each connection its pools open runs `statements`
 * before anything else: the pool announces a new connection before handing it out, and a
 * connection runs its commands in order. (TypeORM has no per-connection setup hook.)
 */
export function mysqlDriverWithSessionSetup(
  statements: string[],
  driver: typeof mysql2 = mysql2,
): typeof mysql2 {
  const logger = new Logger('Database');
  const createPool = (options: PoolOptions) => {
    const pool = driver.createPool(options);
    pool.on('connection', (connection: PoolConnection) => {
      for (const sql of statements) {
        connection.query(sql, (error) => {
          if (error) logger.warn(`session setup failed (${sql}): ${error.message}`);
        });
      }
    });
    return pool;
  };
  return Object.create(driver, { createPool: { value: createPool } }) as typeof mysql2;
}
