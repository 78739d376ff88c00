import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SquareCustomersStub {
  url: string;
  customers: { id: string; email_address: string; given_name?: string }[];
  /** Create calls received, including repeats of one idempotency key. */
  createCalls: number;
  close(): Promise<void>;
}

/**
 * Square's customer directory as its REST API answers it (search by exact email, create with an
 * idempotency key that returns the first result on a repeat), for tests of the jobs that use it.
 */
export async function startSquareCustomersStub(): Promise<SquareCustomersStub> {
  const byKey = new Map<string, string>();
  const stub: SquareCustomersStub = { url: '', customers: [], createCalls: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = body ? JSON.parse(body) : {};
      const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.method === 'POST' && req.url === '/v2/customers/search') {
        const exact = json.query?.filter?.email_address?.exact;
        const found = stub.customers.filter((c) => c.email_address === exact);
        return send(200, found.length ? { customers: found } : {});
      }
      if (req.method === 'POST' && req.url === '/v2/customers') {
        stub.createCalls++;
        const key = json.idempotency_key as string;
        let id = byKey.get(key);
        if (!id) {
          id = `CUST${stub.customers.length + 1}`;
          byKey.set(key, id);
          stub.customers.push({ id, email_address: json.email_address, given_name: json.given_name });
        }
        return send(200, { customer: stub.customers.find((c) => c.id === id) });
      }
      send(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${req.method} ${req.url}` }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
