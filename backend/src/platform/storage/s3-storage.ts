import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isUploadName, UploadStorage } from './upload-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Uploads as objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), shared by every replica.
 * Without keys in the settings the SDK's own chain is used (an instance or task role).
 */
export class S3Storage implements UploadStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
    });
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isUploadName(name)) throw new Error(`Not an upload name: ${name}`);
    // A buffer, not a stream: its length and checksum are known up front, so every S3-compatible
    // server stores the bytes as sent (a streamed body goes out in checksum-framed chunks).
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: name, Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
  }

  async get(name: string): Promise<Buffer | undefined> {
    if (!isUploadName(name)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: name }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
