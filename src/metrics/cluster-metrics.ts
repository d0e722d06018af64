import cluster, { Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  Gauge,
  MetricObjectWithValues,
  MetricValue,
  Registry,
} from 'prom-client';
import { Scrape } from './metrics-server';

const REQUEST = 'dms:metrics-request';
const ANSWER = 'dms:metrics';

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  metrics: MetricObjectWithValues<MetricValue<string>>[];
}

const isAnswer = (message: unknown): message is MetricsAnswer =>
  (message as MetricsAnswer | null)?.type === ANSWER;

/** In a worker: answers the primary's requests with this process's metrics. */
export function answerMetricsRequests(registry: Registry): void {
  process.on('message', (message: MetricsRequest) => {
    if (message?.type !== REQUEST) return;
    void registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: ANSWER, id: message.id, metrics }),
      // Without an answer the primary leaves this worker out of this scrape.
      () => undefined,
    );
  });
}

/**
 * In the primary: one scrape for the whole process group. Asks every worker that serves for its
 * metrics and adds them up with prom-client's aggregation (counters and histograms summed; each
 * metric may name another way, as the outbox backlog does, which every worker reads alike).
 * A worker that has not answered within `timeoutMs` is left out of this scrape, and
 * `dms_workers_scraped` says how many answered.
 */
export function clusterScraper(
  servingWorkers: () => Worker[],
  timeoutMs = 2000,
): () => Promise<Scrape> {
  let nextId = 0;
  const pending = new Map<number, (answer: MetricsAnswer) => void>();
  cluster.on('message', (_worker, message: unknown) => {
    if (isAnswer(message)) pending.get(message.id)?.(message);
  });
  return async () => {
    const id = nextId++;
    const workers = servingWorkers();
    const answers: MetricsAnswer['metrics'][] = [];
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      pending.set(id, (answer) => {
        answers.push(answer.metrics);
        if (answers.length === workers.length) done();
      });
      for (const worker of workers) worker.send({ type: REQUEST, id } satisfies MetricsRequest);
      if (workers.length === 0) done();
    });
    const registry = AggregatorRegistry.aggregate(answers);
    const scraped = new Gauge({
      name: 'dms_workers_scraped',
      help: 'Worker processes whose metrics this scrape holds',
      registers: [registry],
    });
    scraped.set(answers.length);
    const serving = new Gauge({
      name: 'dms_workers_serving',
      help: 'Worker processes serving requests',
      registers: [registry],
    });
    serving.set(workers.length);
    return { contentType: registry.contentType, body: await registry.metrics() };
  };
}
