import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { databaseConfig, DatabaseConfig } from './database.config';
import { DatabaseMetrics } from './database-metrics';
import { JobLease } from './job-lease.entity';
import { dataSourceOptions, prepareDatabase } from './database-options';
import { JobLeases } from './job-leases';
import { runPendingMigrations } from './migration-runner';
import { Sql } from './sql';
import { SqliteTurn } from './sqlite-turn';
import { TransactionRunner } from './transaction-runner';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [ConfigModule.forFeature(databaseConfig)],
      inject: [databaseConfig.KEY],
      useFactory: async ({ connection, limits }: DatabaseConfig) => {
        const server = await prepareDatabase(connection, limits);
        const options = dataSourceOptions(connection, server, limits);
        // Instances starting together take turns (not on Galera: see `serialise`).
        await runPendingMigrations(options, { serialise: server?.galera === false });
        return {
          ...options,
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
