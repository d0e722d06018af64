import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Makes sure dist/ is current: these tests run the service as `npm start` does. */
export function buildIfNeeded(): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.js')], {
    stdio: 'ignore',
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface RunningService {
  baseUrl: string;
  /** The process started (the cluster primary when `WEB_CONCURRENCY` is above 1). */
  pid: number;
  output: () => string;
  /** Resolves as soon as the output satisfies `ready` (checked on every chunk), or fails after `ms`. */
  waitForOutput(ready: (output: string) => boolean, ms?: number): Promise<void>;
  /** Sends SIGTERM (or `signal`) and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Kills the process at once (SIGKILL), as a crash would, and resolves once it has ended. */
  kill(): Promise<void>;
}

/** Resolves once something accepts connections on the port (for services told to log nothing). */
async function portOpen(port: number, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts `node dist/src/main.js` on a free port and resolves once it says it is serving (or,
 * with `LOG_LEVEL` above `log`, once its port is open). Gives up after `startTimeoutMs`.
 */
export async function startBuiltService(
  env: NodeJS.ProcessEnv = {},
  { startTimeoutMs = 30_000 } = {},
): Promise<RunningService> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // No ready delay at stop unless a test asks for one: it would only slow every test down.
  const settings = {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'log',
    SHUTDOWN_READY_DELAY_MS: '0',
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const logsServing = ['log', 'debug', 'verbose'].includes(settings.LOG_LEVEL);
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Serving http://')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not start within ${startTimeoutMs / 1000} s:\n${output}`));
    }, startTimeoutMs);
    if (!logsServing) portOpen(port, child).then(resolve, reject);
  }).finally(() => clearTimeout(timer));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    waitForOutput: (ready, ms = 5000) =>
      new Promise<void>((resolve, reject) => {
        if (ready(output)) return resolve();
        const check = () => {
          if (!ready(output)) return;
          clearTimeout(timeout);
          child.stdout!.off('data', check);
          resolve();
        };
        const timeout = setTimeout(() => {
          child.stdout!.off('data', check);
          reject(new Error(`expected output did not appear; got:\n${output}`));
        }, ms);
        // Registered after the collector above, so `output` already holds the chunk.
        child.stdout!.on('data', check);
      }),
    stop: (signal = 'SIGTERM') =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Runs `node dist/src/main.js` expecting it to refuse to start; resolves once it has exited. */
export function startBuiltServiceExpectingFailure(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'dist', 'src', 'main.js')],
      { cwd: root, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - started });
      },
    );
  });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run -s cli -- ...` without npm) with the test's database. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'dist', 'src', 'cli.js'), ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Creates a user with the CLI and issues it a token (read and write); returns the token. */
export async function newUserToken(): Promise<string> {
  const email = `user-${randomUUID()}@example.com`;
  const created = await runCli([
    'users',
    'create',
    '--email',
    email,
    '--fname',
    'O',
    '--lname',
    'P',
  ]);
  if (created.code !== 0) throw new Error(`users create failed: ${created.stderr}`);
  const issued = await runCli(['tokens', 'create', '--email', email]);
  if (issued.code !== 0) throw new Error(`tokens create failed: ${issued.stderr}`);
  return issued.stdout.trim().split('\n').at(-1)!;
}
