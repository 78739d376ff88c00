import { createServer, Server, Socket } from 'node:net';
import { freePort } from './free-port';

/**
 * A TCP proxy in front of a real server that a test can take down and bring back (a Redis outage),
 * or bring up stalled: connections are accepted and then nothing ever answers (a hung server).
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Reserves a free port without serving on it yet. */
  async reserve(): Promise<number> {
    this.port = await freePort();
    return this.port;
  }

  async up({ stalled = false } = {}): Promise<void> {
    this.server = createServer((client) => {
      if (stalled) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => client.destroy());
        client.resume(); // read and drop whatever is sent
        return;
      }
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (this.server) await new Promise((r) => this.server!.close(r));
    this.server = undefined;
  }
}
