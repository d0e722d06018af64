import { ConfigType, registerAs } from '@nestjs/config';
import { IntegerBetween, readEnvironment } from '../config/environment';
import { readDatabaseConfig } from '../database/database.config';

class SearchVariables {
  @IntegerBetween('SEARCH_SCAN_LIMIT', 0, 1_000_000)
  SEARCH_SCAN_LIMIT?: number;
}

/** When a search scans and when it asks the index; throws ConfigError when a variable is bad. */
export function readSearchConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(SearchVariables, env);
  // The default depends on the database, measured at 100,000 documents (docs/benchmarks.md):
  // InnoDB's full-text search costs about 150 µs per match in the whole store (seconds for a
  // common word), a scan some 30 to 200 µs per document of the caller; FTS5 costs 0.2 µs per
  // match.
  const onMysql = readDatabaseConfig(env).connection.kind === 'mysql';
  return {
    /**
     * Most documents a search tests one by one (the caller's); with more, it asks the
     * full-text index. Same answers either way; only the speed differs.
     */
    scanLimit: vars.SEARCH_SCAN_LIMIT ?? (onMysql ? 20_000 : 500),
  };
}

export const searchConfig = registerAs('search', () => readSearchConfig(process.env));

export type SearchConfig = ConfigType<typeof searchConfig>;
