import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  event: WebhookEvent;
}

/** The payload of a delivery. */
export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  /** Null when an operator made the change with the CLI. */
  actor: { id: number; email: string } | null;
  /** On a document's events (all but a group's and a folder's). */
  document?: { uuid: string; title: string; version: number; updated_at: string };
  folder?: { share_id: number; owner_id: number; path: string };
  group?: { id: number; name: string; role?: string };
  member?: { user_id: number; role: string };
}

/** How the receiver answers a request: a status, or `'hang'` to never answer. */
export type Answer = number | 'hang';

/**
 * A real HTTP server on 127.0.0.1 that records what it is sent and answers as told (200 by
 * default). `waitFor` resolves when a request matching it has arrived (already or later).
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  answer: (request: ReceivedRequest) => Answer = () => 200;
  /** A `Location` header sent with every answer (for redirects). */
  location?: string;
  private readonly waiters: { match: (r: ReceivedRequest[]) => boolean; done: () => void }[] = [];
  private readonly hanging: ServerResponse[] = [];
  private server?: Server;

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/hook`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const received: ReceivedRequest = {
          method: request.method!,
          path: request.url!,
          headers: request.headers,
          body,
          event: JSON.parse(body) as WebhookEvent,
        };
        this.requests.push(received);
        const answer = this.answer(received);
        if (answer === 'hang') this.hanging.push(response);
        else response.writeHead(answer, this.location ? { location: this.location } : {}).end();
        this.check();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  /** The events received so far (every attempt, repeats included). */
  events(): WebhookEvent[] {
    return this.requests.map((request) => request.event);
  }

  /** Resolves once the requests received satisfy `match`. */
  waitFor(match: (requests: ReceivedRequest[]) => boolean): Promise<void> {
    return new Promise((done) => {
      this.waiters.push({ match, done });
      this.check();
    });
  }

  /** Resolves once `count` requests have arrived in all. */
  waitForCount(count: number): Promise<void> {
    return this.waitFor((requests) => requests.length >= count);
  }

  /** Answers every request left hanging. */
  release(status = 200): void {
    for (const response of this.hanging.splice(0)) response.writeHead(status).end();
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private check(): void {
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(this.requests)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.done();
    }
  }
}
