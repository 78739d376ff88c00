import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from './error-body';

export type { ErrorBody } from './error-body';

/** Every error a route or Fastify's body parsing throws, in the one body shape. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const req = http.getRequest<FastifyRequest>();
    const { status, body } = errorReply(exception, req.id, req.raw);
    if (status === 503) this.logger.warn({ msg: `${body.code}: ${exception instanceof Error ? exception.message : String(exception)}`, correlationId: req.id });
    else if (status >= 500) this.logger.error({ msg: exception instanceof Error ? (exception.stack ?? exception.message) : String(exception), correlationId: req.id });
    if (!reply.sent) reply.status(status).send(body);
  }
}
