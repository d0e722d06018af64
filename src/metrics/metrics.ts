import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
  Registry,
} from 'prom-client';
import { metricsConfig, MetricsConfig } from './metrics.config';

/**
 * This process's Prometheus metrics. Features declare theirs here (`metrics.counter(...)`) and
 * update them whether or not metrics are served: an increment costs next to nothing, and
 * values that need work (a query) are read in `collect`, only when scraped.
 *
 * One registry per application rather than prom-client's global one, so that applications
 * built side by side (tests) keep apart.
 */
@Injectable()
export class Metrics implements OnModuleDestroy {
  readonly registry = new Registry();
  /** Whether something serves these (`METRICS_PORT`); when not, nothing costly is recorded. */
  readonly enabled: boolean;

  constructor(@Inject(metricsConfig.KEY) config: MetricsConfig) {
    this.enabled = config.listener !== null;
    if (this.enabled) {
      // Node's own: CPU, memory, heap, garbage collection, event-loop lag, handles.
      collectDefaultMetrics({ register: this.registry });
      // Gauges named like counters, which Prometheus's lint refuses; `nodejs_active_handles`
      // and `nodejs_active_requests` give the same counts by type.
      for (const name of [
        'nodejs_active_handles_total',
        'nodejs_active_requests_total',
        'nodejs_active_resources_total',
      ]) {
        this.registry.removeSingleMetric(name);
      }
    }
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ ...config, registers: [this.registry] });
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }
}
