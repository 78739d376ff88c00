import { Busboy, BusboyHeaders, BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../errors/domain-error';

/** The file of an upload was larger than the route allows. */
export class FileTooLargeError extends Error {
  constructor() {
    super('The file is larger than allowed.');
  }
}

/**
 * Fastify leaves a multipart body unread, for the route that takes it to stream through
 * `readOneFile`. (@fastify/multipart would do this too, but it adds hooks to every request of the
 * shop, to clean up files saved to disk, which the shop never saves.)
 */
export function leaveMultipartUnread(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

export const isMultipart = (req: FastifyRequest) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/**
 * The first file of a multipart body (any field name), or undefined when it has none; other
 * fields are ignored. Past `maxBytes` it rejects with FileTooLargeError at once.
 */
export function readOneFile(req: FastifyRequest, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    // The rest of the body is read and dropped: left unread, it would stall the next request on
    // this kept-alive connection.
    const fail = (error: Error) => {
      req.raw.unpipe(parser);
      req.raw.resume();
      reject(error);
    };
    try {
      parser = Busboy({ headers: req.headers as BusboyHeaders, limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    } catch (error) {
      return reject(invalid(`The upload could not be read: ${(error as Error).message}.`));
    }
    let file: Buffer | undefined;
    parser.on('file', (_field, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new FileTooLargeError()));
      stream.on('end', () => (file = Buffer.concat(chunks)));
    });
    parser.on('error', (error) => fail(invalid(`The upload could not be read: ${(error as Error).message}.`)));
    parser.on('finish', () => resolve(file));
    // A connection lost part-way ends the wait too, rather than leaving it pending for good.
    req.raw.once('close', () => req.raw.complete || fail(invalid('The upload was cut off before its end.')));
    req.raw.pipe(parser);
  });
}
