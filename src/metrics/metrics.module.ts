import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Metrics } from './metrics';
import { metricsConfig } from './metrics.config';

/** Prometheus metrics, for every module to declare its own (see Metrics). */
@Global()
@Module({
  imports: [ConfigModule.forFeature(metricsConfig)],
  providers: [Metrics],
  exports: [Metrics],
})
export class MetricsModule {}
