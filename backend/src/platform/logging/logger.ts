import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger as Pino } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

/** On a terminal: one readable line per event, `12:03:04.567 INFO [Context] message {fields}`. */
export const PRETTY_OPTIONS: PrettyOptions = {
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,context',
  messageFormat: '{if context}[{context}] {end}{msg}',
};

/**
 * One JSON line per log event, or, when stdout is a terminal, one pretty line (pino-pretty, in
 * pino's worker thread); a line about a request or job names its correlation id as a field either
 * way. Written asynchronously (pino flushes what is left at exit): a synchronous write to a slow
 * terminal or pipe would stall every request behind it.
 */
export function createRootLogger(level: string, pretty = process.stdout.isTTY === true): Pino {
  const destination: DestinationStream = pretty ? pino.transport({ target: 'pino-pretty', options: { ...PRETTY_OPTIONS, destination: 1 } }) : pino.destination({ dest: 1, sync: false });
  return pino({ level, base: { pid: process.pid } }, destination);
}

/** Nest's start-up chatter (every module loaded, every route mapped): at `debug`, so start-up shows a handful of lines. */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

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
    if (context && START_UP_CONTEXTS.has(context)) this.pino.debug(...line(message, { context }));
    else this.pino.info(...line(message, { context }));
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
