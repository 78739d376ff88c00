/**
 * The advisory lock the catalogue sync and the write-back take turns under, across processes. The
 * write-back creates variations and only then links them; a sync that read Square in between would
 * find variations no variant follows and add them as variants of their own (or adopt a new item by
 * name), so each runs whole while the other waits. Held by a transaction that appends nothing (a
 * transaction-level lock, which works behind a transaction pooler too).
 */
export const SQUARE_CATALOGUE_LOCK = 'square-catalogue';
