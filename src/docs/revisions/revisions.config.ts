import { ConfigType, registerAs } from '@nestjs/config';
import { IntegerBetween, readEnvironment } from '../../config/environment';

class RevisionsVariables {
  @IntegerBetween('REVISIONS_KEEP', 1, 1_000_000)
  REVISIONS_KEEP?: number;
}

/** How many versions are kept; throws ConfigError when REVISIONS_KEEP is bad. */
export function readRevisionsConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(RevisionsVariables, env);
  return {
    /** How many versions of each document are kept, the current one included. */
    keep: vars.REVISIONS_KEEP ?? 100,
  };
}

export const revisionsConfig = registerAs('revisions', () => readRevisionsConfig(process.env));

export type RevisionsConfig = ConfigType<typeof revisionsConfig>;
