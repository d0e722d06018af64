import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { readDatabaseConfig } from './database.config';
import { dataSourceOptions, prepareDatabase } from './database-options';

/**
 * For the TypeORM CLI (`npm run migration:generate`): the database named by the environment.
 * The CLI accepts a promise of a data source.
 */
export default (async () => {
  const { connection } = readDatabaseConfig(process.env);
  return new DataSource({
    ...dataSourceOptions(connection, await prepareDatabase(connection)),
    // The service loads each module's entities as the module registers them; the CLI finds them.
    entities: [join(__dirname, '..', '**', '*.entity.js')],
  });
})();
