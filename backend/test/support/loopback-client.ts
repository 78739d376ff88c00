import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * One JSON request sent from a loopback address of the caller's choosing (127.0.0.2, 127.0.0.3…):
 * many shoppers on one machine, each with an address of its own, as a load balancer sees them.
 */
export function callFrom(from: string, url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        localAddress: from,
        headers: {
          ...headers,
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: parsed,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
