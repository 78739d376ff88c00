import { LoggerService } from '@nestjs/common';
import pino, { Logger as Pino } from 'pino';

/**
 * One JSON line per log event; a line about a request or job names its correlation id as a field.
 * Written asynchronously (pino flushes what is left at exit): a synchronous write to a slow
 * terminal or pipe would stall every request behind it.
 */
export function createRootLogger(level: string): Pino {
  return pino(
    {
      level,
      base: { pid: process.pid },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** A Nest logger for processes without HTTP (worker, operator tasks). */
export function nestLogger(level: string): PinoNestLogger {
  return new PinoNestLogger(createRootLogger(level));
}

/** A log call's message with fields of its own, e.g. `logger.error({ msg: '…', correlationId })`. */
export interface LogLine {
  msg: string;
  [field: string]: unknown;
}

/** Nest's own log calls (`new Logger('Context').log(...)`) written through the same pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, context?: string) {
    this.pino.info(...line(message, { context }));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error(...line(message, { context, trace }));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn(...line(message, { context }));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug(...line(message, { context }));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace(...line(message, { context }));
  }
  fatal(message: unknown, context?: string) {
    this.pino.fatal(...line(message, { context }));
  }
}

function line(message: unknown, fields: Record<string, unknown>): [Record<string, unknown>, string] {
  if (typeof message === 'object' && message !== null && 'msg' in message) {
    const { msg, ...own } = message as LogLine;
    return [{ ...fields, ...own }, msg];
  }
  return [fields, String(message)];
}
