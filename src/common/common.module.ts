import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { GracefulShutdown } from './http/graceful-shutdown';

/** Cross-cutting providers, one instance for the whole application. */
@Global()
@Module({ providers: [Clock, GracefulShutdown], exports: [Clock, GracefulShutdown] })
export class CommonModule {}
