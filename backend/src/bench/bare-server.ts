import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The baseline: a bare node:http server sending the same bytes and headers the API sends. */
const [, , bodyFile, port] = process.argv;
const body = readFileSync(bodyFile);
const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>;
const status = Number(process.env.BENCH_STATUS ?? 200);

createServer((_req, res) => {
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.end(status === 304 ? undefined : body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
