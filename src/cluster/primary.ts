import cluster, { Worker } from 'node:cluster';
import pino from 'pino';
import { createRootLogger } from '../common/logging/json-logger';
import { ServerConfig } from '../config/server.config';
import { DatabaseConnection } from '../database/database.config';
import { clusterScraper } from '../metrics/cluster-metrics';
import { MetricsConfig } from '../metrics/metrics.config';
import { startMetricsServer } from '../metrics/metrics-server';

/** What a worker tells the primary once it serves. */
export const WORKER_READY = 'dms:worker-ready';

/** What the primary needs of the settings (the entry point reads them all). */
export interface PrimaryConfig extends ServerConfig {
  workers: number;
  database: DatabaseConnection;
  metrics: MetricsConfig['listener'];
}

/** Longest wait before replacing a worker that keeps failing to start. */
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The cluster primary (`WEB_CONCURRENCY` above 1): starts the workers, which share one port,
 * replaces any that dies while serving, and on SIGTERM/SIGINT has each worker drain as a
 * single process does, then exits 0.
 *
 * The first worker starts alone, so that it alone runs the pending migrations; the others
 * start once it serves and find nothing left to migrate.
 */
export function runPrimary(config: PrimaryConfig): void {
  // Synchronous writes (the primary logs a handful of lines): "Worker <n> ready" is out before
  // the next worker is forked, and every worker's before "Serving ...".
  const log = createRootLogger(config.logLevel, pino.destination({ dest: 1, sync: true })).child({
    context: 'Cluster',
  });
  const ready = new Set<Worker>();
  let serving = false;
  let stopping = false;
  let failedStop = false;
  let restartDelayMs = 1000;

  const fork = () => cluster.fork();

  cluster.on('message', (worker, message) => {
    if (message !== WORKER_READY) return;
    ready.add(worker);
    restartDelayMs = 1000;
    log.info({ workerPid: worker.process.pid }, `Worker ${worker.id} ready`);
    if (!serving && ready.size === 1 && !stopping) {
      for (let i = 1; i < config.workers; i++) fork();
    }
    if (!serving && ready.size === config.workers) {
      serving = true;
      const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
      const base = `http://${host}:${config.port}`;
      // More than one worker is refused on SQLite (readWorkerCount).
      const database = config.database.kind === 'mysql' ? config.database.database : '?';
      // The last line of a start: tests and scripts wait for it.
      log.info(
        `Serving ${base}/api/v1 on MySQL database ${database} with ${config.workers} workers; Swagger UI at ${base}/api`,
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const served = ready.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      // A worker that had not started yet dies of the signal itself: nothing was lost.
      if (code !== 0 && !(signal && !served)) {
        failedStop = true;
        log.error(`worker ${worker.id} (pid ${worker.process.pid}) ended with ${how}`);
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info(failedStop ? 'stopped, not cleanly' : 'every worker has stopped');
        process.exit(failedStop ? 1 : 0);
      }
      return;
    }
    if (!serving && !served) {
      log.error(`worker ${worker.id} exited with ${how} before serving: stopping`);
      stopAll('startup failure', 1);
      return;
    }
    if (served) {
      log.warn(
        `worker ${worker.id} (pid ${worker.process.pid}) died (${how}); starting a replacement`,
      );
      fork();
    } else {
      log.warn(
        `replacement worker ${worker.id} exited with ${how} before serving; trying again in ${restartDelayMs} ms`,
      );
      setTimeout(() => stopping || fork(), restartDelayMs);
      restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    }
  });

  /**
   * Has every worker drain and stop, passing on the signal received (a worker waits for the
   * load balancer on SIGTERM only); the 'exit' handler ends the primary once all are gone.
   */
  function stopAll(reason: string, exitCode = 0, signal: NodeJS.Signals = 'SIGTERM'): void {
    if (stopping) return;
    stopping = true;
    failedStop = exitCode !== 0;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log.info(`${reason}: stopping ${workers.length} worker(s)`);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
    // Each worker cuts its own requests after SHUTDOWN_GRACE_MS; this only catches a stuck one.
    setTimeout(
      () => {
        log.error('workers did not stop in time: killing them');
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        process.exit(1);
      },
      config.http.shutdownReadyDelayMs + config.http.shutdownGraceMs + 15_000,
    ).unref();
  }

  process.on('SIGTERM', () => stopAll('SIGTERM received'));
  process.on('SIGINT', () => stopAll('SIGINT received', 0, 'SIGINT'));
  log.info(`starting ${config.workers} workers`);
  if (config.metrics) {
    // One scrape here shows every worker: the primary asks each and adds their metrics up.
    const { host, port } = config.metrics;
    startMetricsServer(
      host,
      port,
      clusterScraper(() => [...ready]),
    ).then(
      () =>
        log.info(`Metrics at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/metrics`),
      (error: Error) => {
        log.error(`metrics listener failed: ${error.message}`);
        stopAll('metrics listener failure', 1);
      },
    );
  }
  fork();
}
