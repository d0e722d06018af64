import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Metrics } from '../metrics/metrics';

/** The parts of a mysql2 pool read here; mysql2 offers no public counts. */
interface MysqlPool {
  _allConnections: { length: number };
  _freeConnections: { length: number };
  _connectionQueue: { length: number };
  config: { connectionLimit: number };
}

/**
 * The MySQL connection pool, read when scraped: connections in use and idle, requests waiting
 * for one, and the pool's size. (SQLite has no pool: one connection, taken in turns.)
 */
@Injectable()
export class DatabaseMetrics {
  constructor(metrics: Metrics, dataSource: DataSource) {
    if (!metrics.enabled || !['mysql', 'mariadb'].includes(dataSource.options.type)) return;
    const pool = () => (dataSource.driver as unknown as { pool?: MysqlPool }).pool;
    metrics.gauge({
      name: 'dms_db_pool_connections',
      help: 'Connections of the MySQL pool, by state: in_use (lent to a query or transaction) or idle',
      labelNames: ['state'],
      collect() {
        const all = pool()?._allConnections.length ?? 0;
        const idle = pool()?._freeConnections.length ?? 0;
        this.set({ state: 'in_use' }, all - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    metrics.gauge({
      name: 'dms_db_pool_waiting_requests',
      help: 'Requests waiting for a connection of the MySQL pool, all of its connections in use',
      collect() {
        this.set(pool()?._connectionQueue.length ?? 0);
      },
    });
    metrics.gauge({
      name: 'dms_db_pool_max_connections',
      help: 'Most connections the MySQL pool opens',
      collect() {
        this.set(pool()?.config.connectionLimit ?? 0);
      },
    });
  }
}
