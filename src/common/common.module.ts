import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** Cross-cutting providers, one instance for the whole application. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class CommonModule {}
