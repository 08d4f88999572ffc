/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers or address too long,
 * malformed request line, a request that arrives too slowly). Node closes such a connection; Fastify's
 * own answer said so nowhere, so a keep-alive client sent its next request on the closed socket and
 * lost it (issue 19's fuzz run: "socket hang up" after a 431). Ours says `Connection: close` and
 * speaks the error model of API.md (`{ code, message }`).
 */
import type { Socket } from 'node:net';
import { errorMessage } from '@dealclub/shared/error-messages';
import { ERROR_STATUS, type ErrorCode } from '@dealclub/shared/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function codeOf(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection is already gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const code = codeOf(error);
    const status = ERROR_STATUS[code];
    const body = JSON.stringify({ code, message: errorMessage(code) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
