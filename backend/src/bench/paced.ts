import { ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import type { Measurement } from './measure';

export interface PacedLoad {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** Requests per second, one every 1000/rate ms. */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most (requests beyond them wait for one, and their wait counts). */
  connections: number;
  headers: Record<string, string>;
  next: () => { path: string; body?: string };
}

/** What the load generator's own process went through in a run: a stall of its own is counted as the shop's latency. */
export interface GeneratorReport {
  loopDelayMaxMs: number;
  gcMaxMs: number;
}

export type PacedMeasurement = Measurement & { generator: GeneratorReport };

/** A load as it crosses to the generator's process: every request made in advance. */
type PlannedLoad = Omit<PacedLoad, 'next'> & { requests: { path: string; body?: string }[] };

/**
 * A steady load that is steady: one request every 1000/rate ms, sent on time whether or not the
 * ones before were answered (an open loop, as shoppers arrive), each one's latency counted from the
 * moment it was due, so a stall of the server (or of the generator) shows in full.
 *
 * The requests are sent from a process of their own, started once for all runs. In the bench's
 * own process (its heap 60-200 MB, most of it promoted garbage between its full collections)
 * young collections took 7-21 ms every second of the runs, and each delayed the requests due and
 * the answers arriving meanwhile; those counted as the shop's latency. The generator reports its
 * own longest loop delay and GC pause per run, so a run it slowed shows.
 *
 * Not autocannon's `overallRate`: that gives each connection its share of requests per second and
 * lets it send them back to back at the start of every second, so "200/s" is a burst of 200
 * requests over 32 connections, as fast as answered, then silence; its p99 is the latency of a
 * saturated server at that moment (it swings with the machine's load), not of a steady 200/s. And
 * its correction for coordinated omission, with an expected interval of 1 ms, records a 50 ms
 * answer as 50 values, which weighs the slow answers of each burst fifty-fold.
 */
export class PacedGenerator {
  private constructor(private readonly child: ChildProcess) {}

  static async start(): Promise<PacedGenerator> {
    // No inherited flags: the generator is a small process of its own, whatever the bench runs with.
    const child = fork(__filename, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    });
    return new PacedGenerator(child);
  }

  run({ next, ...load }: PacedLoad): Promise<PacedMeasurement> {
    const requests = Array.from({ length: Math.round(load.rate * load.seconds) }, next);
    const answer = new Promise<PacedMeasurement>((resolve) => this.child.once('message', (m) => resolve(m as PacedMeasurement)));
    this.child.send({ ...load, requests } satisfies PlannedLoad);
    return answer;
  }

  stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.disconnect();
    return exited;
  }
}

async function sendPaced(load: PlannedLoad): Promise<PacedMeasurement> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.connections });
  const { origin } = new URL(load.url);
  const interval = 1000 / load.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const answered: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < load.requests.length; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path, body } = load.requests[i];
    answered.push(
      send(agent, load.method, origin + path, load.headers, body).then((status) => {
        latencies.push(performance.now() - due);
        if (status === 0) errors++;
        else if (status < 200 || status >= 300) non2xx++;
      }),
    );
  }
  await Promise.all(answered);
  const seconds = (performance.now() - start) / 1000;
  loop.disable();
  gc.disconnect();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requestsPerSec: Math.round(load.requests.length / seconds),
    p99Ms: round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!),
    non2xx,
    errors,
    generator: { loopDelayMaxMs: round(loop.max / 1e6), gcMaxMs: round(gcMaxMs) },
  };
}

/** One request; resolves to its status once the whole answer is read, or 0 when it failed. */
function send(agent: Agent, method: string, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, agent, headers: { ...headers, ...length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

// The generator's process: one load at a time, each answered with its measurement.
if (require.main === module && process.send) {
  process.on('message', (load: PlannedLoad) => void sendPaced(load).then((measured) => process.send!(measured)));
  process.send('ready');
}
