import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as they arrived: set only on the routes that asked for it (a signature covers them). */
    rawBody?: Buffer;
  }
}

/**
 * Keeps the bytes of the body on the given paths, beside Fastify's parsed JSON, for a signature
 * check that must see exactly what was signed. Only those routes pay for it: the stream is passed
 * through as it is read, so Fastify's parser, its body limit and its errors stay in charge.
 */
export function keepRawBody(fastify: FastifyInstance, paths: readonly string[]): void {
  const wanted = new Set(paths);
  fastify.addHook('preParsing', (req, _reply, payload, done) => {
    if (!wanted.has(req.routeOptions.url ?? '')) return done(null, payload);
    const chunks: Buffer[] = [];
    let length = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        chunks.push(chunk);
        length += chunk.length;
        (tee as Transform & { receivedEncodedLength?: number }).receivedEncodedLength = length;
        next(null, chunk);
      },
      flush(next) {
        req.rawBody = Buffer.concat(chunks);
        next();
      },
    });
    payload.on('error', (error) => tee.destroy(error));
    done(null, payload.pipe(tee));
  });
}
