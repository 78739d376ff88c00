import type { AppendRequest } from './append-statement';
import { ConcurrencyError } from './concurrency.error';
import { GroupCommit, GroupRolledBack, WriteGroup } from './group-commit';
import type { RecordedEvent } from './recorded-event';

const request = (streamId: string, expectedVersion = 0): AppendRequest => ({
  stream: { id: streamId, type: 'Test' },
  expectedVersion,
  events: [{ type: 'Happened', data: {} }],
  metadata: { correlationId: 'c', actor: 'test' },
});

const recorded = (r: AppendRequest) => [{ streamId: r.stream.id, version: r.expectedVersion + 1 } as unknown as RecordedEvent];

/** A stand-in for the database: records each group's streams and answers as `answer` says, after a tick. */
function fakeWriter(answer: (requests: readonly AppendRequest[]) => (RecordedEvent[] | undefined)[] = (rs) => rs.map(recorded)) {
  const groups: string[][] = [];
  const write: WriteGroup = async (requests) => {
    groups.push(requests.map((r) => r.stream.id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer(requests);
  };
  return { groups, write };
}

describe('group commit', () => {
  it('writes appends that arrive while a commit is in flight together, each caller getting its own events', async () => {
    const writer = fakeWriter();
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 100 });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((s) => commit.append(request(s))));
    expect(writer.groups).toEqual([['a'], ['b', 'c', 'd']]);
    expect(results.map((events) => events[0].streamId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts a second append to the same stream in the next group rather than beside the first', async () => {
    const writer = fakeWriter();
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 100 });
    await Promise.allSettled([commit.append(request('first')), commit.append(request('a')), commit.append(request('a', 1)), commit.append(request('b'))]);
    expect(writer.groups).toEqual([['first'], ['a', 'b'], ['a']]);
  });

  it('refuses only the append whose stream was not at its expected version', async () => {
    const writer = fakeWriter((rs) => rs.map((r) => (r.stream.id === 'stale' ? undefined : recorded(r))));
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 100 });
    const [, ...group] = await Promise.allSettled(['x', 'a', 'stale', 'b'].map((s) => commit.append(request(s))));
    expect(group.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((group[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
  });

  it('retries a group that rolled back member by member, so that each gets its own outcome', async () => {
    const refused = new Error('refused by a projection');
    const writer = fakeWriter((rs) => {
      if (rs.some((r) => r.stream.id === 'bad')) throw new GroupRolledBack(refused);
      return rs.map(recorded);
    });
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 100 });
    const results = await Promise.allSettled(['x', 'a', 'bad', 'b'].map((s) => commit.append(request(s))));
    expect(writer.groups).toEqual([['x'], ['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBe(refused);
  });

  it('does not retry when the commit may have happened: every member hears the error', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const writer = fakeWriter((rs) => {
      if (rs.length > 1) throw lost;
      return rs.map(recorded);
    });
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 100 });
    const results = await Promise.allSettled(['x', 'a', 'b'].map((s) => commit.append(request(s))));
    expect(writer.groups).toEqual([['x'], ['a', 'b']]);
    expect(results.slice(1)).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
  });

  it('keeps a group to its size limit and writes the rest next', async () => {
    const writer = fakeWriter();
    const commit = new GroupCommit(writer.write, { transactions: 1, requests: 2 });
    await Promise.all(['x', 'a', 'b', 'c'].map((s) => commit.append(request(s))));
    expect(writer.groups).toEqual([['x'], ['a', 'b'], ['c']]);
  });
});
