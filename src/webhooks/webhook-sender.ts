import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkTargetUrl, RefusedTarget, resolveTarget, TargetPolicy } from './target-guard';
import { webhooksConfig, type WebhooksConfig } from './webhooks.config';

/** How long one attempt may take, from DNS to the response's status line. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * Idle connections kept open to one receiver address. Open ones are not capped here: the
 * dispatcher bounds the attempts under way, and a request queued in the agent would spend
 * its 10 s waiting.
 */
const IDLE_SOCKETS_PER_TARGET = 16;

/** What the receiver answered, or why nothing came. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Sends one delivery: the URL checked again under the current policy, its host resolved and
 * every address checked, then the request made to the checked address itself (the URL's host
 * name still goes in `Host` and in TLS, whose certificate must match it), so DNS cannot
 * answer differently between the check and the connection. Redirects are not followed: a
 * 3xx is a failure like any status outside 2xx.
 */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly policy: TargetPolicy;
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_TARGET }),
    https: new https.Agent({ keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_TARGET }),
  };

  constructor(@Inject(webhooksConfig.KEY) config: WebhooksConfig) {
    this.policy = {
      allowHttp: config.allowHttp,
      allowPrivate: config.allowPrivate,
    };
  }

  onModuleDestroy(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const target = checkTargetUrl(url, this.policy);
      const { address } = await untilAborted(resolveTarget(target, this.policy), signal);
      const statusCode = await this.post(target, address, headers, body, signal);
      return { statusCode, error: null, durationMs: elapsed() };
    } catch (error) {
      return { statusCode: null, error: describeFailure(error, signal), durationMs: elapsed() };
    }
  }

  private post(
    target: URL,
    address: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<number> {
    const secure = target.protocol === 'https:';
    const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        {
          host: address,
          port: target.port || (secure ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          headers: {
            ...headers,
            host: target.host,
            'content-length': String(Buffer.byteLength(body)),
          },
          agent: secure ? this.agents.https : this.agents.http,
          // TLS: the name the certificate must match, and SNI (not for an address).
          ...(secure && isIP(hostname) === 0 && { servername: hostname }),
          signal,
        },
        (response) => {
          // The status is the answer; the body is read and dropped so the connection is reused.
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** The promise, or a rejection once the signal aborts (DNS lookups cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while sending',
};

/** A short reason for the delivery log. */
function describeFailure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
  if (error instanceof RefusedTarget) return `refused: ${error.message}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  const message = error instanceof Error ? error.message : String(error);
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
}
