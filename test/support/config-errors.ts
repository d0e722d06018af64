import { ConfigError } from '../../src/config/environment';

type ReadSettings = (env: NodeJS.ProcessEnv) => unknown;

/** Reads `env` with `read` expecting a rejection, and returns what was thrown. */
export function rejectionOf(read: ReadSettings, env: NodeJS.ProcessEnv): unknown {
  try {
    read(env);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected, but it was accepted`);
}

export function expectConfigError(
  read: ReadSettings,
  env: NodeJS.ProcessEnv,
  message: string,
): void {
  const error = rejectionOf(read, env);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toBe(message);
}
