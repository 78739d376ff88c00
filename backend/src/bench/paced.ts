import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
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

/**
 * A steady load that is steady: one request every 1000/rate ms, sent on time whether or not the
 * ones before were answered (an open loop, as shoppers arrive), each one's latency counted from the
 * moment it was due, so a stall of the server (or of this process) shows in full.
 *
 * Not autocannon's `overallRate`: that gives each connection its share of requests per second and
 * lets it send them back to back at the start of every second, so "200/s" is a burst of 200
 * requests over 32 connections, as fast as answered, then silence; its p99 is the latency of a
 * saturated server at that moment (it swings with the machine's load), not of a steady 200/s. And
 * its correction for coordinated omission, with an expected interval of 1 ms, records a 50 ms
 * answer as 50 values, which weighs the slow answers of each burst fifty-fold.
 */
export async function measurePaced(load: PacedLoad): Promise<Measurement> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.connections });
  const { origin } = new URL(load.url);
  const interval = 1000 / load.rate;
  const total = Math.round(load.rate * load.seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const answered: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path, body } = load.next();
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
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSec: Math.round(total / seconds),
    p99Ms: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]! * 10) / 10,
    non2xx,
    errors,
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
