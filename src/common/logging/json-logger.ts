import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger, Level } from 'pino';
import { LogLevel } from '../../config/server.config';
import { requestContext } from './request-context';

const PINO_LEVELS: Record<LogLevel, Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * One JSON object per line on stdout: `level`, `time`, `msg`, and what else the line carries.
 * Lines written while serving a request carry its `requestId` (from the request's context, so
 * no logger is made per request).
 */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: PINO_LEVELS[level],
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: requestIdField,
    // The line's own fields win over the context's (the access line names its request itself).
    mixinMergeStrategy: (fields: object, mixed: object) =>
      mixed === NO_FIELDS ? fields : { ...mixed, ...fields },
  };
  return destination ? pino(options, destination) : pino(options);
}

const NO_FIELDS = {};

function requestIdField(): object {
  const context = requestContext.getStore();
  return context ? { requestId: context.requestId } : NO_FIELDS;
}

/**
 * Nest's logger interface on pino. Lines written while serving a request carry its
 * `requestId` (see createRootLogger); Nest's `context` (the class that logged) becomes a field.
 */
export class JsonLogger implements LoggerService {
  constructor(readonly root: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest calls this as `error(message, stack?, context?)`. */
  error(message: unknown, ...params: unknown[]): void {
    const context = params.length > 0 ? params[params.length - 1] : undefined;
    const stack = params.length > 1 ? params[0] : undefined;
    const fields: Record<string, unknown> = { context };
    if (typeof stack === 'string') fields.stack = stack;
    if (message instanceof Error) {
      this.root.error({ ...fields, err: message }, message.message);
    } else {
      this.root.error(fields, String(message));
    }
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = params.length > 0 ? params[params.length - 1] : undefined;
    const logger = this.root;
    if (!logger.isLevelEnabled(level)) return;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      logger[level]({ context, ...message });
    } else {
      logger[level]({ context }, trueRouteHeading(context, String(message)));
    }
  }
}

/**
 * Nest's RoutesResolver heads each controller's routes with `Name {/prefix/path}:`, a path it
 * builds without a request method, and the global prefix's exclusions match per method, so
 * they are never applied there: `HealthController {/api/v1/health}:` for a controller served
 * at `/health`. The `Mapped {/health, GET} route` lines that follow are built per route and
 * are true, so the heading keeps only the controller's name.
 */
function trueRouteHeading(context: unknown, message: string): string {
  return context === 'RoutesResolver' ? message.replace(/^(\w+) \{[^}]*\}:$/, '$1:') : message;
}
