import { Logger } from '@nestjs/common';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app.factory';
import { WORKER_READY } from './cluster/primary';
import { GracefulShutdown } from './common/http/graceful-shutdown';
import { serverConfig, ServerConfig } from './config/server.config';
import { databaseConfig, DatabaseConfig } from './database/database.config';
import { DEMO_EMAIL, seedDemoUser } from './demo/demo-seed';
import { answerMetricsRequests } from './metrics/cluster-metrics';
import { Metrics } from './metrics/metrics';
import { metricsConfig, MetricsConfig } from './metrics/metrics.config';
import { startMetricsServer, stopMetricsServer } from './metrics/metrics-server';

/**
 * Serves HTTP from this process until SIGTERM or SIGINT, then drains (GracefulShutdown) and
 * exits 0. Runs alone, or as one worker of the cluster primary (`WEB_CONCURRENCY` above 1).
 * Metrics (`METRICS_PORT`) are served by this process when alone, by the primary otherwise.
 */
export async function serve(): Promise<void> {
  const app = await createApp();
  const config = app.get<ServerConfig>(serverConfig.KEY);
  const { connection } = app.get<DatabaseConfig>(databaseConfig.KEY);
  const metricsListener = app.get<MetricsConfig>(metricsConfig.KEY).listener;
  const demoTokenFile = config.seedDemoUser ? await seedDemoUser(app, connection) : undefined;
  const metrics = app.get(Metrics);
  let metricsServer: Server | undefined;
  if (metricsListener && cluster.isWorker) {
    answerMetricsRequests(metrics.registry);
  } else if (metricsListener) {
    const { registry } = metrics;
    metricsServer = await startMetricsServer(
      metricsListener.host,
      metricsListener.port,
      async () => ({
        contentType: registry.contentType,
        body: await registry.metrics(),
      }),
    );
  }
  await app.listen(config.port, config.host);
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const base = `http://${shownHost}:${config.port}`;
  const database =
    connection.kind === 'sqlite'
      ? `SQLite file ${connection.path}`
      : `MySQL database ${connection.database}`;
  const logger = new Logger('Bootstrap');
  if (metricsServer) {
    const metricsHost = metricsListener!.host === '0.0.0.0' ? 'localhost' : metricsListener!.host;
    logger.log(`Metrics at http://${metricsHost}:${metricsListener!.port}/metrics`);
  }
  if (demoTokenFile) {
    logger.log(
      `Empty database: created user ${DEMO_EMAIL}; its API token is in ${demoTokenFile} ` +
        '(paste it into Authorize in Swagger UI; SEED_DEMO_USER=false skips this)',
    );
  }
  if (cluster.isWorker) {
    // The primary logs that this worker is ready, and "Serving ..." once every worker is.
    process.send!(WORKER_READY);
  } else {
    // The last line: tests and scripts wait for it.
    logger.log(`Serving ${base}/api/v1 on ${database}; Swagger UI at ${base}/api`);
  }

  const shutdown = app.get(GracefulShutdown);
  let readyDelay: NodeJS.Timeout | undefined;
  const close = () => {
    readyDelay = undefined;
    app
      .close()
      .then(() => metricsServer && stopMetricsServer(metricsServer))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('stopping failed', error instanceof Error ? error.stack : String(error));
          process.exit(1);
        },
      );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (readyDelay) {
      // A second signal during the ready delay: drain now.
      clearTimeout(readyDelay);
      close();
      return;
    }
    if (shutdown.isStopping) return;
    shutdown.beginStopping();
    // An orchestrator stops with SIGTERM and needs its balancer to see /health/ready fail
    // first; Ctrl-C (SIGINT) at a terminal has no balancer to wait for.
    const delayMs = signal === 'SIGTERM' ? config.http.shutdownReadyDelayMs : 0;
    if (delayMs === 0) {
      logger.log(`${signal} received: finishing in-flight requests, then stopping`);
      close();
      return;
    }
    logger.log(
      `${signal} received: /health/ready answers 503; serving on for ${delayMs} ms ` +
        '(SHUTDOWN_READY_DELAY_MS), then finishing in-flight requests and stopping',
    );
    readyDelay = setTimeout(close, delayMs);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
