import { Writable } from 'node:stream';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { PinoNestLogger, PRETTY_OPTIONS } from './logger';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: new PinoNestLogger(pino({ base: null, level }, sink)), lines };
}

describe('PinoNestLogger', () => {
  it('writes a message with fields of its own as fields beside the message', () => {
    const { logger, lines } = capture();

    logger.error({ msg: 'Order 1001 failed', correlationId: 'trace-7' }, undefined, 'Errors');

    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'Order 1001 failed', correlationId: 'trace-7', context: 'Errors' })]);
  });

  it('writes any other message as text', () => {
    const { logger, lines } = capture();

    logger.warn(42, 'Jobs');
    logger.log({ note: 'no msg' }, 'Jobs');

    expect(lines.map((l) => l.msg)).toEqual(['42', '[object Object]']);
    expect(lines[0]).toMatchObject({ level: 40, context: 'Jobs' });
  });

  it("writes Nest's start-up lines (modules loaded, routes mapped) at debug, and everything else logged at info", () => {
    const quiet = capture('info');
    quiet.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    quiet.logger.log('CartModule dependencies initialized', 'InstanceLoader');
    quiet.logger.log('Seeded 12 demo products', 'CatalogSeeder');
    expect(quiet.lines.map((l) => l.msg)).toEqual(['Seeded 12 demo products']);

    const verbose = capture('debug');
    verbose.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    expect(verbose.lines).toEqual([expect.objectContaining({ level: 20, context: 'RouterExplorer' })]);
  });
});

describe('pretty lines on a terminal', () => {
  it('puts an access-log line on one line, keeping its fields', () => {
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
    const line = pretty({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 7, correlationId: 'c-1', method: 'GET', path: '/api/products', status: 200, ms: 1.5, msg: 'request' });
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(line).toMatch(/INFO: request \{"correlationId":"c-1","method":"GET","path":"\/api\/products","status":200,"ms":1\.5\}/);
    expect(line).not.toContain('"pid"');
  });

  it("names a Nest logger's context before its message", () => {
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
    expect(pretty({ level: 40, time: 0, context: 'Queues', msg: 'Redis is unreachable' })).toMatch(/WARN: \[Queues\] Redis is unreachable$/m);
  });
});
