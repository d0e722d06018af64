import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKey } from './entities/idempotency-key.entity';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';
import { IdempotencySweeper } from './idempotency-sweeper';

/**
 * `Idempotency-Key` for creating requests: a feature module imports this and runs its create
 * through `IdempotencyService.run`. It knows nothing of the resources it guards beyond the
 * reserved id and the response to replay.
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKey])],
  providers: [IdempotencyRepository, IdempotencyService, IdempotencySweeper],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
