import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { appConfig, AppConfigValues } from '../../config/app.config';

/**
 * Lets a stopping server finish what it started. Runs before the database closes (Nest calls
 * `beforeApplicationShutdown` first): stop accepting connections, let in-flight requests end
 * (at most `SHUTDOWN_GRACE_MS`), then cut whatever is still open.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private inFlight = 0;
  private draining = false;
  private drained?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(appConfig.KEY) private readonly config: AppConfigValues,
  ) {}

  /** Middleware: counts requests in flight; once draining, asks clients not to reuse sockets. */
  readonly trackRequests = (_request: Request, response: Response, next: NextFunction): void => {
    this.inFlight += 1;
    if (this.draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      this.inFlight -= 1;
      if (this.draining && this.inFlight === 0) this.drained?.();
    });
    next();
  };

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    this.draining = true;
    const graceMs = this.config.http.shutdownGraceMs;
    this.logger.log(`stopping: ${this.inFlight} request(s) in flight, waiting up to ${graceMs} ms`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const allDone = new Promise<void>((resolve) => {
      this.drained = resolve;
      if (this.inFlight === 0) resolve();
    });
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    });
    const timedOut = await Promise.race([allDone.then(() => false), graceOver]);
    clearTimeout(timer);
    if (timedOut) {
      this.logger.warn(`grace period over: closing ${this.inFlight} unfinished request(s)`);
      server.closeAllConnections();
    } else {
      server.closeIdleConnections();
    }
    await closed;
    this.logger.log('HTTP server closed');
  }
}
