import DataLoader from 'dataloader';

/**
 * Reads of one kind asked for at about the same moment, made in one query: `load` gets every key
 * asked for (in order, repeats included) and answers one value per key. A batch goes at the end of
 * the turn of the event loop it was asked in, or, while the batch before is still being read, as
 * soon as that one is answered, with everything asked for meanwhile (as group commit does for
 * writes): under load a round trip costs more than the rows it brings. Never cached: every read
 * starts after it was asked for, so no one is answered from before their own request.
 */
export function batchedReads<K, V>(load: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let reading: Promise<unknown> | undefined;
  return new DataLoader<K, V>(
    (keys) => {
      const read = load(keys);
      const settled = read.then(
        () => undefined,
        () => undefined,
      );
      reading = settled;
      void settled.then(() => {
        if (reading === settled) reading = undefined;
      });
      return read;
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (reading) void reading.then(() => setImmediate(dispatch));
        else setImmediate(dispatch);
      },
    },
  );
}
