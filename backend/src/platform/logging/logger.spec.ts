import { Writable } from 'node:stream';
import pino from 'pino';
import { PinoNestLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: new PinoNestLogger(pino({ base: null }, sink)), lines };
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
});
