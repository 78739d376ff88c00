import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

/**
 * Preloaded (`node -r`) into the shop the bench starts, never part of the shop itself: what the
 * shop's event loop went through during one measured run. The bench sends `probe:start` before a
 * run and `probe:stop` after it; the answer is the event-loop delay and the GC pauses in between,
 * and the loop's longest stalls with when they happened (to set beside the shop's log).
 */
export interface ProbeReport {
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gcPauses: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Pauses of 5 ms or more, by kind (minor, major, incremental, weakcb). */
  gcLongByKind: Record<string, number>;
  /**
   * The full collections (mark-compact), when (epoch ms) and their final pause: each is preceded by
   * marking on V8's helper threads, which on a small machine takes a core from PostgreSQL and the
   * load generator for about 100 ms, a cost no pause figure shows.
   */
  majorGcs: { at: number; ms: number }[];
  /** The loop's stalls of 10 ms or more: when (epoch ms) and how long. */
  stalls: { at: number; ms: number }[];
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
const STALL_MS = 10;
const TICK_MS = 5;

const delay = monitorEventLoopDelay({ resolution: 1 });
let gc: { at: number; ms: number; kind: string }[] = [];
let stalls: { at: number; ms: number }[] = [];
let running = false;

new PerformanceObserver((list) => {
  if (!running) return;
  for (const entry of list.getEntries()) {
    const kind = GC_KINDS[(entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
    gc.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration, kind });
  }
}).observe({ entryTypes: ['gc'] });

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - TICK_MS;
  if (running && late >= STALL_MS) stalls.push({ at: Math.round(performance.timeOrigin + now), ms: Math.round(late) });
  last = now;
}, TICK_MS).unref();

/** BENCH_CPU_PROFILE=<file>: the shop's CPU profile over the first probed run, for finding where its time goes. */
const profileFile = process.env.BENCH_CPU_PROFILE;
const profiler = profileFile ? new Session() : undefined;
profiler?.connect();
let profiled = false;

process.on('message', (message) => {
  if (message === 'probe:start') {
    if (profiler && !profiled) {
      profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
    }
    delay.reset();
    delay.enable();
    gc = [];
    stalls = [];
    running = true;
  } else if (message === 'probe:stop') {
    running = false;
    if (profiler && !profiled) {
      profiled = true;
      profiler.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(profileFile!, JSON.stringify(result.profile));
      });
    }
    delay.disable();
    const long: Record<string, number> = {};
    for (const pause of gc.filter((p) => p.ms >= 5)) long[pause.kind] = (long[pause.kind] ?? 0) + 1;
    const report: ProbeReport = {
      loopDelayP99Ms: round(delay.percentile(99) / 1e6),
      loopDelayMaxMs: round(delay.max / 1e6),
      gcPauses: gc.length,
      gcTotalMs: round(gc.reduce((sum, p) => sum + p.ms, 0)),
      gcMaxMs: round(Math.max(0, ...gc.map((p) => p.ms))),
      gcLongByKind: long,
      majorGcs: gc.filter((p) => p.kind === 'major').map((p) => ({ at: Math.round(p.at), ms: round(p.ms) })),
      stalls,
    };
    process.send?.({ probe: report });
  }
});

const round = (ms: number) => Math.round(ms * 10) / 10;
