import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import { buildErrorBody, ErrorMessages } from '@formwell/core';

/** Status, text and code of a request Node refused before Fastify saw it, by Node's error code. */
function refusal(code: string | undefined): { status: number; message: string; code?: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: ErrorMessages.REQUEST_TIMEOUT, code: 'TIMEOUT' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: ErrorMessages.HEADERS_TOO_LARGE, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' };
  }

  return { status: 400, message: ErrorMessages.MALFORMED_REQUEST };
}

/**
 * Fastify's `clientErrorHandler`: a request that Node's parser refused (broken framing or header
 * syntax, headers over the size limit, a client too slow to send them) never reaches a route or the
 * error handler, and Fastify's default answer there has a body of its own shape. Clients parse one
 * error body on every answer, so these get it too. The socket is closed afterwards, as Node does:
 * after a parse error nothing more on it can be read reliably.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const { status, message, code } = refusal(error.code);
  // A request pipelined behind an answer that is still being sent (a streamed export) must not get
  // its refusal written into the middle of that body: Node's own handler only closes then, too.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean; writableEnded: boolean } })
    ._httpMessage;
  if (socket.writable && !(inFlight?.headersSent && !inFlight.writableEnded)) {
    const body = JSON.stringify(buildErrorBody(status, { message, code }));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
