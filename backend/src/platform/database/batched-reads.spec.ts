import { batchedReads } from './batched-reads';

/** A load whose batches are answered when the test says so. */
function controlledLoad() {
  const batches: { keys: readonly number[]; answer(): void; fail(error: Error): void }[] = [];
  const load = (keys: readonly number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ keys, answer: () => resolve(keys.map((k) => `value ${k}`)), fail: reject });
    });
  return { batches, loader: batchedReads(load) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched reads', () => {
  it('reads what is asked for in one turn in one batch, repeats included: nothing is cached', async () => {
    const { batches, loader } = controlledLoad();
    const answers = Promise.all([loader.load(1), loader.load(2), loader.load(1)]);
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1, 2, 1]]);
    batches[0].answer();
    await expect(answers).resolves.toEqual(['value 1', 'value 2', 'value 1']);
  });

  it('holds what is asked for while a batch is being read, and reads it all together once that one is answered', async () => {
    const { batches, loader } = controlledLoad();
    const first = loader.load(1);
    await turn();
    const later = [loader.load(2)];
    await turn();
    later.push(loader.load(3));
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1]]);
    batches[0].answer();
    await first;
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2, 3]]);
    batches[1].answer();
    await expect(Promise.all(later)).resolves.toEqual(['value 2', 'value 3']);
  });

  it('reads at once when nothing is being read, and goes on after a batch that failed', async () => {
    const { batches, loader } = controlledLoad();
    const failed = loader.load(1);
    await turn();
    const next = loader.load(2);
    batches[0].fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2]]);
    batches[1].answer();
    await expect(next).resolves.toBe('value 2');
  });
});
