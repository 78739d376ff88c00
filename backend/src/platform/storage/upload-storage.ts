/**
 * Where uploaded pictures are kept: the local folder (one machine, `npm start`) or an S3-compatible
 * bucket (several replicas, each serving what any other stored). Objects are named by their
 * content's hash, so a name is written once and never shows other bytes.
 */
export interface UploadStorage {
  /** Keeps `bytes` under `name`. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes kept under `name`, or undefined when there are none. */
  get(name: string): Promise<Buffer | undefined>;
}

export const UPLOAD_STORAGE = Symbol('UPLOAD_STORAGE');

/** An upload's name: a flat file name (no folder, no dot-dot), as `ProductImages` makes them. */
export const isUploadName = (name: string): boolean => /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/.test(name) && !name.includes('..');
