import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
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
 * minutes later.
 */
export function collectOnceStarted(): void {
  exposedGc()();
}

/** What the idle collector looks at each second. */
export interface HeapSample {
  /** The event loop's utilization over the last interval, 0 to 1. */
  utilization: number;
  /** Bytes in use in the old generation, where promoted garbage gathers until a full collection. */
  oldSpaceUsed: number;
}

/**
 * Below this the process is idle. A started shop serving nobody measured 1-2% (its timers, the
 * worker's polls), 2-4% with another load on the machine, and 30-40% at 200 cart writes/s (1.5-2
 * ms each); 3% leaves room for a handful of writes a second beyond the idle shop's own work.
 */
const IDLE_UTILIZATION = 0.03;

/**
 * Runs the full collection a busy moment would otherwise get, in the first quiet second after the
 * old generation has grown by half since the last one. A burst (a drop, the bench's saturation
 * part) promotes garbage five times as fast as steady trade, and left alone V8 collected it in the
 * middle of whatever traffic came next: every write in its ~150 ms of marking waited. Collected while
 * idle, the same work waits for nobody, and the next full collection under load comes only after
 * the heap has grown from the live size again. A request arriving during it waits for it (~150 ms),
 * as it would have for V8's own.
 */
export class IdleCollector {
  private baseline: number;

  constructor(
    private readonly sample: () => HeapSample,
    private readonly collect: () => void,
  ) {
    this.baseline = sample().oldSpaceUsed;
  }

  /** Collects if idle and grown enough; true when it did. */
  tick(): boolean {
    const { utilization, oldSpaceUsed } = this.sample();
    // V8 collected meanwhile: what it left alive is the new measure of growth.
    if (oldSpaceUsed < this.baseline) this.baseline = oldSpaceUsed;
    if (utilization >= IDLE_UTILIZATION || oldSpaceUsed < this.baseline * 1.5) return false;
    this.collect();
    this.baseline = this.sample().oldSpaceUsed;
    return true;
  }
}

/** Starts an IdleCollector on this process, looking every second for as long as it runs. */
export function collectWhenIdle(): void {
  let last = performance.eventLoopUtilization();
  const sample = (): HeapSample => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return { utilization, oldSpaceUsed: getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size };
  };
  const collector = new IdleCollector(sample, exposedGc());
  setInterval(() => collector.tick(), 1000).unref();
}

let gc: (() => void) | undefined;

/**
 * V8's full collection as a function, made once per process. V8 exposes `gc` only to contexts
 * made while `--expose-gc` is set, hence the new context, and the flag is unset again at once.
 */
function exposedGc(): () => void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  return gc;
}
