import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentContext } from '../context/request-context';
import { errorReply } from './error-body';

export type { ErrorBody } from './error-body';

/** Every error a route or Fastify's body parsing throws, in the one body shape. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const { status, body } = errorReply(exception, currentContext().correlationId, http.getRequest<FastifyRequest>().raw);
    if (status === 503) this.logger.warn(`${body.code}: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (!reply.sent) reply.status(status).send(body);
  }
}
