/** Where an aggregate's events live: its stream id and type. */
export interface StreamName {
  id: string;
  type: string;
}

/** A module's stream helper: the stream of an aggregate id, its stream type, and the id read back from a stream id. */
export interface StreamKind<Id extends string | number> {
  (id: Id): StreamName;
  readonly type: string;
  idOf(streamId: string): Id;
}

/**
 * `orderStream(orderId)` names the order's stream, and `orderStream.idOf(streamId)` reads the order
 * id back (in a job or a projection, given a recorded event), so the id's spelling lives in one place.
 */
export function aggregateStream<Id extends string | number>(type: string, prefix: string, parseId: (raw: string) => Id): StreamKind<Id> {
  return Object.assign((id: Id): StreamName => ({ id: `${prefix}${id}`, type }), {
    type,
    idOf: (streamId: string): Id => parseId(streamId.slice(prefix.length)),
  });
}
