/**
 * Closes the process gracefully on SIGTERM/SIGINT: the app first (HTTP stops accepting, workers
 * finish their active job, the relay its batch), then what it stood on (the embedded database).
 */
export function closeOnSignal(...closers: (() => Promise<void>)[]): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing`);
    for (const closer of closers) await closer().catch((e) => console.error(e));
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
