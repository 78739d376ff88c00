// `npm run size`: what a host page receives for each element (JS, with the CSS inside it), gzipped,
// following the widget bundle's imports from dc-widgets.js. `--json` prints the figures for tests.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Everything the three elements load together may weigh this much, gzipped. */
export const BUDGET_BYTES = 64 * 1024;
const ELEMENTS = { 'dc-product-grid': 'ProductGridElement', 'dc-cart': 'CartElement', 'dc-newsletter': 'NewsletterElement' };
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.[^"'`]+)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g;

/** The files a module pulls in, by path relative to the bundle's folder. */
function importsOf(dir, file, pattern) {
  const code = readFileSync(join(dir, file), 'utf8');
  return [...code.matchAll(pattern)].map((m) => join(dirname(file), m[1]).split('\\').join('/'));
}

/** The file and everything it imports statically, transitively. */
function closure(dir, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const next of importsOf(dir, file, STATIC_IMPORT)) closure(dir, next, into);
  return into;
}

const gzipped = (dir, files) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);

export function measure(dir) {
  const entry = 'dc-widgets.js';
  const loaded = closure(dir, entry);
  const lazy = importsOf(dir, entry, DYNAMIC_IMPORT);
  const all = new Set(loaded);
  const elements = {};
  for (const [tag, name] of Object.entries(ELEMENTS)) {
    const chunk = lazy.find((f) => f.split('/').pop().startsWith(`${name}-`));
    if (!chunk) throw new Error(`${tag}: no ${name} chunk is imported by ${entry}`);
    // A page with only this element loads the entry and this element's chunks.
    const files = closure(dir, chunk, new Set(loaded));
    for (const f of files) all.add(f);
    elements[tag] = { bytes: gzipped(dir, files), files: [...files].sort() };
  }
  return { budget: BUDGET_BYTES, total: gzipped(dir, all), files: [...all].sort(), elements };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(dirname(fileURLToPath(import.meta.url)), 'dist/widgets');
  const result = measure(dir);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result));
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const [tag, { bytes }] of Object.entries(result.elements)) console.log(`${`<${tag}> alone`.padEnd(26)} ${kb(bytes)} gzipped`);
    console.log(`${'all three'.padEnd(26)} ${kb(result.total)} gzipped (budget ${kb(result.budget)})`);
  }
  if (result.total > result.budget) {
    console.error(`Over budget by ${result.total - result.budget} bytes`);
    process.exit(1);
  }
}
