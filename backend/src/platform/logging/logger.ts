import { LoggerService } from '@nestjs/common';
import pino, { Logger as Pino } from 'pino';
import { peekContext } from '../context/request-context';

/**
 * One JSON line per log event; lines written inside a request or job carry its correlation id.
 * Written asynchronously (pino flushes what is left at exit): a synchronous write to a slow
 * terminal or pipe would stall every request behind it.
 */
export function createRootLogger(level: string): Pino {
  return pino(
    {
      level,
      base: { pid: process.pid },
      mixin: () => {
        const ctx = peekContext();
        return ctx ? { correlationId: ctx.correlationId } : {};
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** A Nest logger for processes without HTTP (worker, operator tasks). */
export function nestLogger(level: string): PinoNestLogger {
  return new PinoNestLogger(createRootLogger(level));
}

/** Nest's own log calls (`new Logger('Context').log(...)`) written through the same pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, context?: string) {
    this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.pino.fatal({ context }, String(message));
  }
}
