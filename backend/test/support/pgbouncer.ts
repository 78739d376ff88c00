import { ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** Debian's PgBouncer (`apt-get install pgbouncer`; CI installs it). */
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** `url` (a database on 127.0.0.1:5432) as reached through this PgBouncer. */
  through(url: string): string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer in transaction mode (as managed PostgreSQL offers it) on a free port, in front of the
 * test PostgreSQL: every transaction may run on another server connection, so a LISTEN hears nothing.
 */
export async function startPgBouncer(): Promise<PgBouncer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'dc-pgbouncer-'));
  const ini = join(dir, 'pgbouncer.ini');
  await writeFile(
    ini,
    [
      '[databases]',
      '* = host=127.0.0.1 port=5432 user=postgres',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  await chmod(dir, 0o755);
  // PgBouncer refuses to run as root (CI runs as root): it then runs as PostgreSQL's user.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child: ChildProcess = spawn(PGBOUNCER, [...asUser, ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr}`);
    if (await accepts(port)) break;
    if (i > 100) throw new Error(`pgbouncer did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    through(url: string) {
      const u = new URL(url);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
