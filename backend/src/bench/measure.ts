import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface Load {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST' | 'PATCH';
  /** Requests per second across all connections (a steady load); unset, as fast as answered (saturation). */
  rate?: number;
  headers?: Record<string, string>;
  /** Builds each request's path and body, for loads that must differ per request. */
  next?: () => { path: string; body?: string };
}

/** One autocannon run: mean requests per second and 99th-percentile latency. */
export async function measure(load: Load): Promise<Measurement> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    method: load.method ?? 'GET',
    headers: load.headers,
    ...(load.rate ? { overallRate: load.rate } : {}),
    requests: load.next ? [{ setupRequest: (req) => ({ ...req, ...load.next!() }) }] : undefined,
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
