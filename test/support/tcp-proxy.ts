import { createServer, Server, Socket, connect } from 'node:net';

/**
 * A TCP proxy between the service and its database that a test can break: `cut()` drops
 * every open connection and swallows new ones without forwarding (the database looks
 * unreachable but nothing is refused, the worst case for timeouts); `restore()` forwards again.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private forwarding = true;
  private server?: Server;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no port');
    this.port = address.port;
  }

  cut(): void {
    this.forwarding = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    // Connections swallowed while cut stay dead; clients must open new ones.
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.forwarding = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!this.forwarding) return; // swallowed: held open, never answered
    const upstream = connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
