import { emptyState } from './emulator-state';
import { canonicalJson, oncePerKey } from './idempotency';
import { SquareApiError } from './square-error';

describe('idempotency keys', () => {
  it('runs once per key and body, and answers the first reply again', () => {
    const state = emptyState();
    let runs = 0;
    const run = () => ({ status: 200, body: { run: ++runs } });
    expect(oncePerKey(state, 'CreatePayment', 'k', { a: 1, b: 2 }, run)).toEqual({ status: 200, body: { run: 1 } });
    expect(oncePerKey(state, 'CreatePayment', 'k', { b: 2, a: 1 }, run)).toEqual({ status: 200, body: { run: 1 } });
    expect(runs).toBe(1);
  });

  it('refuses the same key with another body, and keeps keys apart per operation', () => {
    const state = emptyState();
    oncePerKey(state, 'CreatePayment', 'k', { a: 1 }, () => ({ status: 200, body: {} }));
    expect(() => oncePerKey(state, 'CreatePayment', 'k', { a: 2 }, () => ({ status: 200, body: {} }))).toThrow(SquareApiError);
    expect(oncePerKey(state, 'CreateCustomer', 'k', { a: 2 }, () => ({ status: 200, body: { other: true } })).body).toEqual({ other: true });
  });

  it('does not use up a key when the run refuses', () => {
    const state = emptyState();
    expect(() =>
      oncePerKey(state, 'CreatePayment', 'k', {}, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(oncePerKey(state, 'CreatePayment', 'k', {}, () => ({ status: 200, body: 'ran' })).body).toBe('ran');
  });

  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: 0 })).toBe('{"a":0,"b":{"c":[{"e":2,"f":1}],"d":1}}');
  });
});
