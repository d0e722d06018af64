import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** Prometheus metrics, for every module to declare its own (see Metrics). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
