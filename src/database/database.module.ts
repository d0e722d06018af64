import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { appConfig, AppConfigValues } from '../config/app.config';
import { DatabaseMetrics } from './database-metrics';
import { JobLease } from './job-lease.entity';
import { dataSourceOptions, prepareDatabase } from './database-options';
import { JobLeases } from './job-leases';
import { Sql } from './sql';
import { SqliteTurn } from './sqlite-turn';
import { TransactionRunner } from './transaction-runner';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: async (config: AppConfigValues) => {
        const server = await prepareDatabase(config.database, config.databaseTimeouts);
        return {
          ...dataSourceOptions(config.database, server, config.databaseTimeouts),
          migrationsRun: true,
          // Each module registers its own entities with `TypeOrmModule.forFeature`.
          autoLoadEntities: true,
        };
      },
    }),
    TypeOrmModule.forFeature([JobLease]),
  ],
  providers: [Sql, SqliteTurn, TransactionRunner, JobLeases, DatabaseMetrics],
  exports: [Sql, TransactionRunner, JobLeases],
})
export class DatabaseModule {}
