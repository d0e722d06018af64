import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_ID_HEADER } from '../logging/request-logging.middleware';

/**
 * The most bytes of a request line and headers the server reads (Node's default is 16 KiB): a
 * folder path of 4,096 characters is up to 48 KiB in a query string (12 bytes a character,
 * percent-encoded), so that every path the service takes on create can be asked for.
 */
export const REQUEST_HEADERS_LIMIT_BYTES = 64 * 1024;

/** What Node's HTTP parser reports for a request it cannot read. */
export interface ClientError extends Error {
  code?: string;
  /** llhttp's description, such as "Invalid method encountered". */
  reason?: string;
}

/** The status and `{"error"}` message for a request Node refused before any route saw it. */
export function describeClientError(error: ClientError): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: `request headers are larger than the ${REQUEST_HEADERS_LIMIT_BYTES / 1024} KiB limit`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'chunk extensions of the request body are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request did not arrive in time' };
    default: {
      const reason = error.reason ? `: ${error.reason.replace(/^\w/, (c) => c.toLowerCase())}` : '';
      return { status: 400, message: `malformed HTTP request${reason}` };
    }
  }
}

/** The whole HTTP/1.1 answer for such a request, connection closing. */
export function clientErrorResponse(status: number, message: string, requestId: string): string {
  const body = JSON.stringify({ error: message });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'X-Content-Type-Options: nosniff\r\n' +
    `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
    'Connection: close\r\n' +
    `\r\n${body}`
  );
}

/**
 * Requests Node's HTTP parser refuses (a malformed request line or header, headers over
 * Node's limit, a request too slow to arrive) never reach express, and Node answers them with
 * a bare status line. This answers them with the `{"error": "..."}` body every other error has.
 */
export function answerClientErrorsWithJson(server: Server): void {
  const logger = new Logger('HttpServer');
  server.on('clientError', (error: ClientError, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    // As Node does: nothing to answer on a dead connection, and never into a response that
    // has begun.
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = describeClientError(error);
    const requestId = randomUUID();
    logger.debug(`${status} before routing (${error.code ?? error.message}), ${requestId}`);
    socket.end(clientErrorResponse(status, message, requestId), () => socket.destroy());
  });
}
