import { ConfigType, registerAs } from '@nestjs/config';
import { HOUR_MS, IntegerBetween, readEnvironment } from '../../config/environment';

class TrashVariables {
  @IntegerBetween('TRASH_RETENTION_DAYS', 0, 36_500)
  TRASH_RETENTION_DAYS?: number;

  @IntegerBetween('PURGE_INTERVAL_MS', 0, 7 * 24 * HOUR_MS)
  PURGE_INTERVAL_MS?: number;
}

/** How long the trash keeps documents; throws ConfigError naming the first bad variable. */
export function readTrashConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(TrashVariables, env);
  return {
    /** Days a trashed document is kept before the purge job deletes it (0: at its next run). */
    retentionDays: vars.TRASH_RETENTION_DAYS ?? 30,
    /** How often each instance tries to run the purge job; 0: never (the CLI runs it). */
    purgeIntervalMs: vars.PURGE_INTERVAL_MS ?? 10 * 60 * 1000,
  };
}

export const trashConfig = registerAs('trash', () => readTrashConfig(process.env));

export type TrashConfig = ConfigType<typeof trashConfig>;
