import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships no types: the little of it used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
};

export interface S3Server {
  /** The settings that put a shop's uploads in this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, on a free port, its objects in a temporary folder) with one
 * empty bucket: the shop talks to it through the AWS SDK as it would to S3 or MinIO.
 */
export async function startS3Server(bucket = 'dc-uploads'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'dc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    // s3rver's own development keys; any region signs.
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
