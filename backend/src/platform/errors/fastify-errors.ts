import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CORRELATION_HEADER } from '../context/correlation';
import type { ErrorCode } from './domain-error';
import { errorReply } from './error-body';

/**
 * Fastify options that answer what happens before a route exists in the one error shape: a
 * malformed URL (refused before routing, so neither Nest's filter nor our hooks see it) and a
 * request Node's HTTP parser cannot read (headers too large, garbage on the wire).
 */
export const fastifyErrorOptions = {
  frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
    const { status, body } = errorReply(error, req.id);
    // Sent before helmet's hook could run, so the one header that matters for a JSON error is set here.
    void reply.header(CORRELATION_HEADER, req.id).header('x-content-type-options', 'nosniff').status(status).send(body);
  },

  clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code]: [number, ErrorCode] =
      error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT'] : [400, 'MALFORMED_REQUEST'];
    const correlationId = randomUUID();
    const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], code, message: describe(code), correlationId });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `${CORRELATION_HEADER}: ${correlationId}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  },
};

function describe(code: ErrorCode): string {
  if (code === 'HEADERS_TOO_LARGE') return 'The request line or headers are too large.';
  if (code === 'REQUEST_TIMEOUT') return 'The request took too long to arrive.';
  return 'The request could not be read as HTTP.';
}
