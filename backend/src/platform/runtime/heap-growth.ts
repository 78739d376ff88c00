import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets the heap grow past what a full collection left alive before it starts the next
 * one: `percent` over the live size (left to itself V8 chose 15-30% for this process).
 *
 * Every cart write promotes a few kilobytes of short-lived objects to the old generation (whatever
 * is alive when a scavenge comes). With V8's own margin, at 200 writes/s that is a full collection
 * every 15-20 s; its marking takes a core for about 100 ms, and on a small machine shared with
 * PostgreSQL every write in those 100 ms waits (the steady cart-write p99 went from under 10 ms to
 * 40-140 ms in each run that had one). A 300% margin trades memory (a 90 MB live heap may grow to
 * about 360 MB, still under `--max-old-space-size`) for a full collection every few minutes.
 *
 * V8 reads this flag whenever it sets the next limit, so setting it at start, before the first
 * full collection, takes effect for the whole process. 0 leaves V8's own choice.
 */
export function setHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * One full collection, once the process has started (its modules loaded, its code compiled, the
 * application built), before it serves: V8 sets the next full collection's limit from what the
 * last one found alive, and the last one during start ran half-way through it (37 MB alive, of the
 * 90 MB a started shop holds). So the first full collection under load came 23-28 s after start,
 * every request in its ~150 ms of marking waiting; sized from the started process, it comes
 * minutes later. V8 exposes `gc` only to contexts made while `--expose-gc` is set, hence the new
 * context, and the flag is unset again at once.
 */
export function collectOnceStarted(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}
