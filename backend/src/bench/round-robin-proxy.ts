import { Agent, createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each backend was sent, by its URL. */
  sent: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A load balancer as a host offers one, in front of the API replicas: each request goes to the next
 * backend in turn (not each connection: a keep-alive client still meets every replica), with the
 * client's address appended to X-Forwarded-For. A backend that refuses the connection (a killed
 * replica; nothing was sent to it) is skipped for the next; any other failure is the client's 502.
 * The scaled-shop test puts it in front of its replicas, and `npm run bench` (balancer-process.ts).
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sent = new Map(backends.map((b) => [b, 0]));
  let next = 0;
  const sockets = new Set<Socket>();

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number): void {
    const backend = new URL(backends[next++ % backends.length]!);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: backend.hostname,
        port: backend.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries + 1 < backends.length) return forward(req, res, body, tries + 1);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bad gateway: ${error.code ?? error.message}`);
    });
    sent.set(backend.href.replace(/\/$/, ''), (sent.get(backend.href.replace(/\/$/, '')) ?? 0) + 1);
    upstream.end(body);
  }

  const server: Server = createServer((req, res) => {
    // The body is read whole first, so that a refused connection can be retried on the next backend.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
