// `npm run dev`: the shop as `npm start` runs it (API, worker and emulators in one process, on the
// same settings), but rebuilt and restarted on every change to backend/src, with the storefront and
// the admin app served by Vite's dev servers inside it (DEV_SERVER=true), hot-reloaded.
//
// Two watchers, no third-party runner: `tsc --watch` compiles backend/src to dist/ (the same
// compiler and output as the build, so decorator metadata, which Nest's injection needs, is
// there), and `node --watch-path=dist` restarts the shop when dist/ changes. Node stops the old
// process (SIGTERM, which the shop answers by closing gracefully) and waits for it to exit before
// starting the new one, so the embedded database only ever has one process on it.
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const backend = resolve(import.meta.dirname, '..');
const dist = join(backend, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

let shop;
let stopping = false;

const compiler = spawn(process.execPath, [tsc, '-p', join(backend, 'tsconfig.build.json'), '--watch', '--preserveWatchOutput', '--noEmitOnError'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});

// --noEmitOnError: a change that does not compile leaves dist/ alone, so the running shop stays up.
// tsc reports each compilation as a few lines ending "Found N errors. Watching for file changes.":
// only the errors are shown, so a change that compiles prints nothing but the shop's own lines.
let report = [];
let pending = '';
compiler.stdout.setEncoding('utf8');
compiler.stdout.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const found = /Found (\d+) errors?\. Watching for file changes/.exec(line);
    if (!found) {
      if (!/Starting compilation|File change detected|^\s*$/.test(line)) report.push(line);
      continue;
    }
    if (found[1] !== '0') console.error(`${report.join('\n')}\nThe API did not compile (${found[1]} error${found[1] === '1' ? '' : 's'}): the shop keeps running as it was until it does.`);
    report = [];
    if (!shop) startShop();
  }
});

/** The shop itself, restarted by Node whenever tsc writes to dist/. */
function startShop() {
  // The build copies the emulator's card form beside the compiled code; tsc does not.
  cpSync(join(backend, 'src/stand-ins/square/card-form.js'), join(dist, 'stand-ins/square/card-form.js'));
  shop = spawn(process.execPath, ['--watch-path', dist, '--watch-preserve-output', join(dist, 'start.js')], {
    stdio: 'inherit',
    env: { ...process.env, DEV_SERVER: 'true' },
  });
  shop.on('exit', (code) => {
    if (!stopping) console.error(`npm run dev: the shop's watcher stopped (${code}).`);
    stop();
    process.exit(code ?? 0);
  });
}

/**
 * Ctrl-C or SIGTERM: both watchers stop. Node's watcher closes the shop gracefully and waits for it;
 * this process waits for the watcher (the shop's exit above), so the prompt comes back only once
 * the embedded database is free again.
 */
function stop() {
  if (stopping) return;
  stopping = true;
  compiler.kill('SIGTERM');
  if (shop && shop.exitCode === null) {
    shop.kill('SIGTERM');
    // The shop's output is inherited, so nothing else keeps this process alive until it exits.
    setInterval(() => {}, 60_000);
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
compiler.on('exit', () => {
  if (!stopping) stop();
});
