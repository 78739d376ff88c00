import type { StreamRef } from './append-statement';

/** A kind of stream: names one aggregate's stream from its id, and reads the id back from a stream id. */
export interface StreamKind<Id> {
  (id: Id): StreamRef;
  readonly type: string;
  readonly prefix: string;
  idOf(streamId: string): Id;
}

/**
 * Declares a stream kind: `<prefix><id>` streams of one `type`. The prefix and type are stored in
 * every event row, so they never change once events exist.
 */
export function streamKind<Id extends string | number>(type: string, prefix: string, parseId: (raw: string) => Id): StreamKind<Id> {
  const kind = (id: Id): StreamRef => ({ id: `${prefix}${id}`, type });
  return Object.assign(kind, {
    type,
    prefix,
    idOf: (streamId: string): Id => {
      if (!streamId.startsWith(prefix)) throw new Error(`${streamId} is not a ${type} stream`);
      return parseId(streamId.slice(prefix.length));
    },
  });
}

export const stringId = (raw: string): string => raw;
export const numericId = (raw: string): number => Number(raw);
