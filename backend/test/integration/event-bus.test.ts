import { StreamCommitted, type ChangeNotice } from '../../src/platform/change-feed/committed-events';
import { systemContext } from '../../src/platform/context/request-context';
import { EventStore } from '../../src/platform/event-store/event-store';
import { StreamStates } from '../../src/platform/event-store/stream-states';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Two processes of the shop on one database (the second as an API replica): each commit reaches
 * the in-process reactions of both through the EventBus, once each, whichever process made it.
 * Observed at one of the shop's own `@EventsHandler`s, the command runner's stream states.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { shareDatabaseOf: a, worker: false });
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The commits `app`'s StreamStates handler is given from now on (it still handles them). */
function heardBy(app: TestApp): () => StreamCommitted[] {
  const spy = jest.spyOn(app.app.get(StreamStates), 'handle');
  return () => spy.mock.calls.map(([notice]) => notice).filter((notice: ChangeNotice): notice is StreamCommitted => notice instanceof StreamCommitted);
}

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const append = (t: TestApp, streamId: string) => t.app.get(EventStore).append({ id: streamId, type: 'BusTest' }, 0, [{ type: 'Rang', data: { by: streamId } }], systemContext());
const of = (heard: () => StreamCommitted[], streamId: string) => heard().filter((c) => c.streamId === streamId);

describe('the EventBus', () => {
  it("gives a handler a commit of its own process, with the stored events, and one of another process's, once each", async () => {
    const [byA, byB] = [heardBy(a), heardBy(b)];

    const [fromA] = await append(a, 'bus-from-a');
    const [fromB] = await append(b, 'bus-from-b');
    // Each process's feed hears the notices in commit order: once it heard a later commit of the
    // other process, the notices of the two above (its own included) were all read.
    await append(b, 'bus-barrier-for-a');
    await append(a, 'bus-barrier-for-b');
    await eventually(() => of(byA, 'bus-barrier-for-a').length > 0 && of(byB, 'bus-barrier-for-b').length > 0);

    expect(of(byA, 'bus-from-a')).toEqual([expect.objectContaining({ streamType: 'BusTest', version: 1, events: [fromA], queued: false })]);
    expect(of(byA, 'bus-from-b')).toEqual([expect.objectContaining({ streamType: 'BusTest', version: 1, events: undefined })]);
    expect(of(byB, 'bus-from-b')).toEqual([expect.objectContaining({ streamType: 'BusTest', version: 1, events: [fromB] })]);
    expect(of(byB, 'bus-from-a')).toEqual([expect.objectContaining({ streamType: 'BusTest', version: 1, events: undefined })]);
  });

  it('tells a commit of its own process before the append is answered', async () => {
    const byA = heardBy(a);
    let heardWhenAnswered = -1;

    await append(a, 'bus-at-commit').then(() => (heardWhenAnswered = of(byA, 'bus-at-commit').length));

    expect(heardWhenAnswered).toBe(1);
  });
});
