import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { DEFAULT_SHUTDOWN_DRAIN_MS, serverConfig, ServerConfig } from '../../config/server.config';

interface SocketState {
  /** Responses of this connection not finished yet. */
  open: Set<Response>;
  /** When the connection last became idle: accepted, or its last response finished. */
  idleSince: number;
  /** `socket.bytesRead` at that moment: more means a new request has begun to arrive. */
  bytesReadWhenIdle: number;
  /** After the signal: closes the connection once it has been idle for the drain window. */
  drainTimer?: NodeJS.Timeout;
}

/**
 * Lets a stopping server finish what it started. Runs before the database closes (Nest calls
 * `beforeApplicationShutdown` first): stop accepting connections, answer every request already
 * received or arriving on an accepted connection (with `Connection: close`), close a keep-alive
 * connection only once it has stayed idle for the drain window (`SHUTDOWN_DRAIN_MS`), and after
 * `SHUTDOWN_GRACE_MS` cut whatever is still open.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly sockets = new Map<Socket, SocketState>();
  private draining = false;
  private drainMs = 0;
  private stopping = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(serverConfig.KEY) private readonly config: ServerConfig,
  ) {}

  /**
   * Whether a stop has begun: from the signal on, while requests are still served as usual,
   * `/health/ready` answers 503 so that a load balancer stops sending here first.
   */
  get isStopping(): boolean {
    return this.stopping;
  }

  /** Marks the start of a stop (the signal); the drain itself begins at application close. */
  beginStopping(): void {
    this.stopping = true;
  }

  /** Knows every connection of `server` from the moment it is accepted. */
  trackConnections(server: Server): void {
    server.on('connection', (socket: Socket) => this.stateOf(socket));
  }

  /** Middleware: knows which connection carries which unfinished response. */
  readonly trackRequests = (request: Request, response: Response, next: NextFunction): void => {
    const socket = request.socket;
    const state = this.stateOf(socket);
    clearTimeout(state.drainTimer);
    state.open.add(response);
    if (this.draining) response.setHeader('Connection', 'close');
    response.on('close', () => {
      state.open.delete(response);
      if (state.open.size > 0) return;
      state.idleSince = performance.now();
      state.bytesReadWhenIdle = socket.bytesRead;
      if (this.draining) this.closeWhenDrained(socket, state);
    });
    next();
  };

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    // Accept what already waits in the listen backlog before closing the listener: the kernel
    // resets connections it still holds there. (The event loop accepts them before this runs.)
    await new Promise((resolve) => setImmediate(resolve));
    // net's close, not http's: http's also drops idle connections and those accepted a moment
    // ago whose request has not been read yet; their clients would see a reset, not an answer.
    const closed = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    );
    // From here on every answer says `Connection: close`. Set only now that the listener is
    // closed: a client told to close before that could reconnect into the backlog and be reset.
    this.draining = true;
    this.drainMs =
      this.config.http.shutdownDrainMs ??
      Math.min(server.keepAliveTimeout, DEFAULT_SHUTDOWN_DRAIN_MS);
    let inFlight = 0;
    let idle = 0;
    for (const [socket, state] of this.sockets) {
      inFlight += state.open.size;
      for (const response of state.open) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      }
      if (state.open.size === 0) {
        idle += 1;
        this.closeWhenDrained(socket, state);
      }
    }
    const graceMs = this.config.http.shutdownGraceMs;
    this.logger.log(
      `stopping: ${inFlight} request(s) in flight, ${idle} idle connection(s) closed once ` +
        `silent for ${this.drainMs} ms; waiting up to ${graceMs} ms`,
    );
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

  private stateOf(socket: Socket): SocketState {
    let state = this.sockets.get(socket);
    if (!state) {
      state = { open: new Set(), idleSince: performance.now(), bytesReadWhenIdle: 0 };
      this.sockets.set(socket, state);
      socket.once('close', () => {
        clearTimeout(state!.drainTimer);
        this.sockets.delete(socket);
      });
      if (this.draining) this.closeWhenDrained(socket, state);
    }
    return state;
  }

  /**
   * Closes an idle keep-alive connection once it has been silent for the drain window
   * (counted from its last response, as Node's keep-alive timeout is); a request arriving
   * before then is served, with `Connection: close`, and ends the connection itself.
   *
   * Closing an idle connection always races with a client that sends on it at that moment:
   * the request is lost with no answer (ECONNRESET), and a client can retry that blindly only
   * for idempotent requests (Node, browsers and curl retry a GET on a reused socket closed
   * before any answer, never a POST). Closing at once, as `closeIdleConnections()` does, hits
   * every client under load, since a busy client sends its next request on the connection
   * within milliseconds of the previous answer. After a silence as long as the keep-alive
   * timeout the race is the one of normal operation: Node closes such connections anyway, and
   * clients that honour the `Keep-Alive: timeout=5` answer header have stopped using them.
   */
  private closeWhenDrained(socket: Socket, state: SocketState): void {
    clearTimeout(state.drainTimer);
    // Node's own keep-alive timer would close the connection at its own time; the window decides.
    socket.setTimeout(0);
    const wait = Math.max(0, state.idleSince + this.drainMs - performance.now());
    state.drainTimer = setTimeout(() => {
      // Bytes read since it became idle: a request is arriving; it will be answered and close.
      // destroy, not end: after end() Node would still read and run a request arriving in the
      // same instant (the server allows half-open connections) but could not answer it.
      if (state.open.size === 0 && socket.bytesRead === state.bytesReadWhenIdle) {
        socket.destroy();
      }
    }, wait);
  }
}
