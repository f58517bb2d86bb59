import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@insightra/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/*
 * Server timeouts, so that one slow or hostile client cannot hold a request (and what it holds) open:
 * - a request whose bytes stop arriving for REQUEST_IDLE_TIMEOUT_S while the server reads them (a body
 *   held back by the server's own back-pressure is not the client's stall), or which is not received in
 *   full within REQUEST_TIMEOUT_S, is answered 408 (when the client still listens) and its connection closed;
 *   the handler sees the request aborted, so nothing it started is kept;
 * - headers must arrive within 30 s; an idle keep-alive connection is closed after 65 s;
 * - a client that stops reading an answer for REQUEST_IDLE_TIMEOUT_S is disconnected.
 * A request received in full may take as long as its handler needs.
 */

type Timeouts = Config['timeouts'];

interface InFlight {
  req: IncomingMessage;
  res: ServerResponse;
}

const inFlight = new WeakMap<Socket, InFlight>();
/** Requests whose body the server was not reading at the last idle deadline. */
const heldBack = new WeakSet<IncomingMessage>();

/** The Fastify constructor's options for these timeouts. */
export function timeoutOptions(timeouts: Timeouts) {
  return {
    // Node applies this to each new connection; `watchIdleRequests` re-arms it for each request.
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      // How often Node checks the header and request deadlines (its default, 30 s, would let a
      // request overrun its deadline by that much).
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(timeouts.headersMs / 4))),
    },
    clientErrorHandler,
  };
}

function rawAnswer(socket: Socket, status: number, reason: string, message: string, log?: FastifyBaseLogger) {
  const current = inFlight.get(socket);
  if (current && status === 408) {
    log?.info({ req: { method: current.req.method, url: current.req.url }, status }, 'request timed out');
  }
  if (socket.writable && !current?.res.headersSent) {
    const body = JSON.stringify({ success: false, message });
    const id = current?.req.headers['x-request-id'];
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n` +
        (typeof id === 'string' && /^[\w.-]{1,64}$/.test(id) ? `x-request-id: ${id}\r\n` : '') +
        `\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Node's request and header deadlines, and malformed requests, answered in the API's error shape. */
function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    rawAnswer(socket, 408, 'Request Timeout', MESSAGES.availability.requestTimeout, this.log);
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    rawAnswer(socket, 431, 'Request Header Fields Too Large', 'The request headers are too large');
  } else {
    rawAnswer(socket, 400, 'Bad Request', 'The request is not valid HTTP');
  }
}

/** The idle deadline: a stalled body gets 408; an idle connection or a reader who stopped is closed. */
export function watchIdleRequests(server: Server, timeouts: Timeouts, log: FastifyBaseLogger): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const entry = { req, res };
    inFlight.set(socket, entry);
    // After a keep-alive pause Node leaves the socket without a timeout: set it for this request.
    socket.setTimeout(timeouts.idleMs);
    res.once('close', () => {
      if (inFlight.get(socket) === entry) inFlight.delete(socket);
    });
  });
  server.on('timeout', (socket: Socket) => {
    const current = inFlight.get(socket);
    if (!current || current.res.headersSent) {
      socket.destroy();
      return;
    }
    if (!current.req.complete) {
      if (current.req.readableLength > 0 || heldBack.has(current.req)) {
        // Bytes received and not yet read: the server is behind (an upload waiting for a parse
        // worker, a piece being written), not the client. Wait on, and once the server has caught up
        // give the client a whole idle period from then; REQUEST_TIMEOUT_S still bounds it all.
        if (current.req.readableLength > 0) heldBack.add(current.req);
        else heldBack.delete(current.req);
        socket.setTimeout(timeouts.idleMs);
        return;
      }
      rawAnswer(socket, 408, 'Request Timeout', MESSAGES.availability.requestTimeout, log);
    }
    // Otherwise the request is in and its answer is being prepared: REQUEST_TIMEOUT_S does not apply.
  });
}
