import { ChangesMissed, StreamCommitted } from '../change-feed/committed-events';
import type { RequestContext } from '../context/request-context';
import { invalid } from '../errors/domain-error';
import { CommandRunner } from './command-runner';
import { ConcurrencyError } from './concurrency.error';
import type { Decider } from './decider';
import type { EventStore, StreamRef } from './event-store';
import type { DomainEvent, RecordedEvent } from './recorded-event';
import { StreamStates } from './stream-states';

type CounterEvent = DomainEvent<'Set', { value: number }> | DomainEvent<'Closed', Record<string, never>> | DomainEvent<'Reopened', Record<string, never>>;
type CounterCommand = { kind: 'Set'; value: number } | { kind: 'Close' };
interface Counter {
  value: number;
  closed: boolean;
}

/** A counter that refuses changes once closed and records nothing when set to the value it has. */
const counter: Decider<Counter, CounterCommand, CounterEvent> = {
  initialState: { value: 0, closed: false },
  evolve: (state, event) => {
    if (event.type === 'Set') return { ...state, value: (event.data as { value: number }).value };
    return { ...state, closed: event.type === 'Closed' };
  },
  decide: (command, state) => {
    if (state.closed) throw invalid('The counter is closed.');
    if (command.kind === 'Close') return [{ type: 'Closed', data: {} }];
    return command.value === state.value ? [] : [{ type: 'Set', data: { value: command.value } }];
  },
};

const caller: RequestContext = { correlationId: 'c', actor: 'test' } as RequestContext;
const stream: StreamRef = { id: 'counter-1', type: 'counter' };

/** The event store as far as the runner uses it, in memory; like the real one it tells the change feed of each commit. */
function memoryStore(states: StreamStates) {
  const streams = new Map<string, RecordedEvent<CounterEvent>[]>();
  const calls = { reads: 0, appends: 0 };
  /** The version each read started after. */
  const readsAfter: number[] = [];
  const failures: unknown[] = [];
  const store = {
    async readStream(streamId: string, after = 0) {
      calls.reads++;
      readsAfter.push(after);
      const events = streams.get(streamId) ?? [];
      return { events: events.slice(after), version: Math.max(after, events.length) };
    },
    async append(ref: StreamRef, expectedVersion: number, events: CounterEvent[]) {
      // As the real store: nothing to append is not a round trip.
      if (events.length === 0) return [];
      calls.appends++;
      if (failures.length) throw failures.shift();
      const stored = streams.get(ref.id) ?? [];
      if (stored.length !== expectedVersion) throw new ConcurrencyError(ref.id, expectedVersion);
      const recorded = events.map((e, i) => ({ ...e, streamId: ref.id, streamType: ref.type, version: expectedVersion + i + 1 }) as RecordedEvent<CounterEvent>);
      streams.set(ref.id, [...stored, ...recorded]);
      if (recorded.length) states.handle(new StreamCommitted(ref.type, ref.id, expectedVersion + recorded.length, recorded, false));
      return recorded;
    },
  };
  return {
    store: store as unknown as EventStore,
    calls,
    readsAfter,
    /** Another process's append: stored, but this process hears nothing of it. */
    writeElsewhere: (event: CounterEvent) => {
      const stored = streams.get(stream.id) ?? [];
      streams.set(stream.id, [...stored, { ...event, version: stored.length + 1 } as RecordedEvent<CounterEvent>]);
    },
    /** The next `times` appends fail with `error`. */
    failAppends: (error: unknown, times = 1) => failures.push(...Array.from({ length: times }, () => error)),
  };
}

function setUp() {
  const states = new StreamStates();
  const memory = memoryStore(states);
  const runner = new CommandRunner(memory.store, states);
  const set = (value: number) => runner.run(counter, stream, { kind: 'Set', value }, caller);
  return { ...memory, states, runner, set };
}

describe('command runner', () => {
  it('decides on the state its own last append left, without reading the stream again', async () => {
    const { set, calls } = setUp();
    await set(1);
    const result = await set(2);
    expect(result).toMatchObject({ state: { value: 2 }, version: 2 });
    expect(calls).toEqual({ reads: 1, appends: 2 });
  });

  it('decides again on the stream as stored when another process wrote in between, at no cost of an attempt', async () => {
    const { set, calls, readsAfter, writeElsewhere, runner } = setUp();
    await set(1);
    writeElsewhere({ type: 'Closed', data: {} });
    writeElsewhere({ type: 'Reopened', data: {} });
    const result = await set(2);
    expect(result).toMatchObject({ state: { value: 2, closed: false }, version: 4 });
    expect(calls).toEqual({ reads: 2, appends: 3 });
    // Only what came after the remembered version was read, and folded onto it.
    expect(readsAfter).toEqual([0, 1]);
    // What it left is remembered in turn.
    await runner.run(counter, stream, { kind: 'Close' }, caller);
    expect(calls.reads).toBe(2);
  });

  it('does not take a refusal from a remembered state: the stream as stored may allow it', async () => {
    const { runner, set, calls, writeElsewhere } = setUp();
    await runner.run(counter, stream, { kind: 'Close' }, caller);
    writeElsewhere({ type: 'Reopened', data: {} });
    await expect(set(5)).resolves.toMatchObject({ state: { value: 5 }, version: 3 });
    expect(calls.reads).toBe(2);
  });

  it('refuses what the stream as stored refuses', async () => {
    const { runner, set, calls } = setUp();
    await runner.run(counter, stream, { kind: 'Close' }, caller);
    await expect(set(5)).rejects.toThrow('The counter is closed.');
    expect(calls).toEqual({ reads: 2, appends: 1 });
  });

  it('does not take "nothing to record" from a remembered state: it would confirm nothing', async () => {
    const { set, calls, writeElsewhere } = setUp();
    await set(5);
    writeElsewhere({ type: 'Set', data: { value: 7 } });
    await expect(set(5)).resolves.toMatchObject({ state: { value: 5 }, version: 3 });
    expect(calls).toEqual({ reads: 2, appends: 2 });
  });

  it('answers "nothing to record" once the stream as stored agrees, reading only what came after the state it knew', async () => {
    const { set, calls, readsAfter } = setUp();
    await set(5);
    await expect(set(5)).resolves.toEqual({ state: { value: 5, closed: false }, version: 1, events: [] });
    expect(calls).toEqual({ reads: 2, appends: 1 });
    expect(readsAfter).toEqual([0, 1]);
  });

  it('remembers the stream as read when the command records nothing, so that the next one need not read it', async () => {
    const { set, calls } = setUp();
    await set(5);
    await set(5);
    await expect(set(6)).resolves.toMatchObject({ state: { value: 6 }, version: 2 });
    expect(calls).toEqual({ reads: 2, appends: 2 });
  });

  it('remembers the stream as read when the command is refused', async () => {
    const { runner, set, readsAfter, states } = setUp();
    await runner.run(counter, stream, { kind: 'Close' }, caller);
    states.reset();
    await expect(set(5)).rejects.toThrow('The counter is closed.');
    await expect(set(5)).rejects.toThrow('The counter is closed.');
    // Read whole once nothing was remembered, then only after the version that read found.
    expect(readsAfter).toEqual([0, 0, 1]);
  });

  it('reads a lost race again from the version it last read, not from the start', async () => {
    const { set, readsAfter, failAppends, states } = setUp();
    await set(1);
    await set(2);
    states.reset();
    failAppends(new ConcurrencyError(stream.id, 2));
    await expect(set(4)).resolves.toMatchObject({ state: { value: 4 }, version: 3 });
    // Nothing remembered: the stream read whole, the append lost, then only what came after version 2.
    expect(readsAfter).toEqual([0, 0, 2]);
  });

  it('forgets a stream when the change feed tells of a later version, not of the one it holds', async () => {
    const { set, calls, states } = setUp();
    await set(1);
    states.handle(new StreamCommitted(stream.type, stream.id, 1, undefined, false));
    await set(2);
    expect(calls.reads).toBe(1);
    states.handle(new StreamCommitted(stream.type, stream.id, 3, undefined, false));
    await expect(set(3)).resolves.toMatchObject({ version: 3 });
    expect(calls.reads).toBe(2);
  });

  it('forgets everything when the change feed may have missed notices', async () => {
    const { set, calls, states } = setUp();
    await set(1);
    states.handle(new ChangesMissed());
    await set(2);
    expect(calls.reads).toBe(2);
  });

  it('does not decide again when an append failed for another reason: its outcome is not known', async () => {
    const { set, calls, failAppends } = setUp();
    await set(1);
    failAppends(new Error('connection lost'));
    await expect(set(2)).rejects.toThrow('connection lost');
    expect(calls).toEqual({ reads: 1, appends: 2 });
  });

  it('gives a stream remembered under one decider nothing under another', async () => {
    const { set, runner, calls } = setUp();
    await set(1);
    await runner.run({ ...counter }, stream, { kind: 'Set', value: 2 }, caller);
    expect(calls.reads).toBe(2);
  });

  it('tries a lost race again on a fresh read, up to five attempts, then answers 409', async () => {
    const { set, calls, failAppends } = setUp();
    failAppends(new ConcurrencyError(stream.id, 0), 4);
    await expect(set(1)).resolves.toMatchObject({ version: 1 });
    expect(calls).toEqual({ reads: 5, appends: 5 });
    failAppends(new ConcurrencyError(stream.id, 1), 6);
    await expect(set(2)).rejects.toMatchObject({ code: 'CONCURRENT_CHANGE' });
    // The remembered state's attempt, then five on the stream as stored.
    expect(calls).toEqual({ reads: 10, appends: 11 });
  });
});

describe('stream states', () => {
  it('keeps a later state rather than put back an older one read meanwhile', () => {
    const states = new StreamStates();
    const decider = {};
    states.remember(decider, 's', 'later', 3);
    states.remember(decider, 's', 'older', 2);
    expect(states.get(decider, 's')).toMatchObject({ state: 'later', version: 3 });
    states.remember(decider, 's', 'same version, read again', 3);
    expect(states.get(decider, 's')).toMatchObject({ state: 'same version, read again', version: 3 });
  });

  it('holds the 20,000 most recently written streams', () => {
    const states = new StreamStates();
    const decider = {};
    for (let i = 0; i <= 20_000; i++) states.remember(decider, `s-${i}`, i, 1);
    states.remember(decider, 's-1', 'again', 2);
    states.remember(decider, 's-20001', 20_001, 1);
    expect(states.get(decider, 's-0')).toBeUndefined();
    expect(states.get(decider, 's-2')).toBeUndefined();
    expect(states.get(decider, 's-1')).toEqual({ decider, state: 'again', version: 2 });
    expect(states.get(decider, 's-3')).toMatchObject({ state: 3 });
  });
});
