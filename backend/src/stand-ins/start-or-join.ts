/**
 * Starts a development stand-in (the Square emulator, the local sign-in provider) on `port`; when
 * another process of the shop already runs one there (a separate API and worker), uses that one.
 * `started` is set only when this process owns the server and must close it.
 */
export async function startOrJoin<T extends { url: string }>(
  port: number,
  start: () => Promise<T>,
  probe: { path: string; headers?: Record<string, string> },
): Promise<{ url: string; started?: T }> {
  try {
    const started = await start();
    return { url: started.url, started };
  } catch (error) {
    const url = `http://127.0.0.1:${port}`;
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && (await answers(`${url}${probe.path}`, probe.headers))) return { url };
    throw error;
  }
}

async function answers(url: string, headers?: Record<string, string>): Promise<boolean> {
  try {
    return (await fetch(url, { headers, signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The port of a stand-in: its own setting, else the shop's port plus `offset` (any free port in tests). */
export const standInPort = (configured: number | undefined, shopPort: number, offset: number) => configured ?? (shopPort === 0 ? 0 : shopPort + offset);
