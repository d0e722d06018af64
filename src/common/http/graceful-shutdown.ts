import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { appConfig, AppConfigValues } from '../../config/app.config';

interface SocketState {
  /** Requests this connection has carried so far. */
  served: number;
  /** Responses of this connection not finished yet. */
  open: Set<Response>;
}

/**
 * Lets a stopping server finish what it started. Runs before the database closes (Nest calls
 * `beforeApplicationShutdown` first): stop accepting connections, answer every request already
 * received or arriving on an accepted connection (with `Connection: close`), close idle
 * keep-alive connections, and after `SHUTDOWN_GRACE_MS` cut whatever is still open.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly sockets = new Map<Socket, SocketState>();
  private draining = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(appConfig.KEY) private readonly config: AppConfigValues,
  ) {}

  /** Middleware: knows which connection carries which unfinished response. */
  readonly trackRequests = (request: Request, response: Response, next: NextFunction): void => {
    const socket = request.socket;
    let state = this.sockets.get(socket);
    if (!state) {
      state = { served: 0, open: new Set() };
      this.sockets.set(socket, state);
      socket.once('close', () => this.sockets.delete(socket));
    }
    state.served += 1;
    state.open.add(response);
    if (this.draining) response.setHeader('Connection', 'close');
    response.on('close', () => {
      state.open.delete(response);
      if (this.draining && state.open.size === 0) socket.end();
    });
    next();
  };

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    this.draining = true;
    // Accept what already waits in the listen backlog before closing the listener: the kernel
    // resets connections it still holds there. (The event loop accepts them before this runs.)
    await new Promise((resolve) => setImmediate(resolve));
    // net's close, not http's: http's also drops connections accepted a moment ago whose request
    // has not been read yet, and those clients would see a reset instead of an answer.
    const closed = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    );
    let inFlight = 0;
    for (const [socket, state] of this.sockets) {
      inFlight += state.open.size;
      for (const response of state.open) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      }
      // Idle keep-alive connections: nothing in progress, nothing to wait for.
      if (state.open.size === 0) socket.end();
    }
    const graceMs = this.config.http.shutdownGraceMs;
    this.logger.log(`stopping: ${inFlight} request(s) in flight, waiting up to ${graceMs} ms`);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    });
    const timedOut = await Promise.race([closed.then(() => false), graceOver]);
    clearTimeout(timer);
    if (timedOut) {
      const unfinished = [...this.sockets.values()].reduce((sum, s) => sum + s.open.size, 0);
      this.logger.warn(`grace period over: closing ${unfinished} unfinished request(s)`);
      server.closeAllConnections();
      for (const socket of this.sockets.keys()) socket.destroy();
      await closed;
    }
    this.logger.log('HTTP server closed');
  }
}
