import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isUploadName, UploadStorage } from './upload-storage';

/** Uploads as files in one folder (`UPLOAD_DIR`): the default, for a shop on one machine. */
export class LocalFolderStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    if (!isUploadName(name)) throw new Error(`Not an upload name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    // Written beside and renamed into place, so a reader never sees half a file.
    const partial = join(this.dir, `.${name}.${process.pid}.partial`);
    await writeFile(partial, bytes);
    await rename(partial, join(this.dir, name));
  }

  async get(name: string): Promise<Buffer | undefined> {
    if (!isUploadName(name)) return undefined;
    return readFile(join(this.dir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
      throw error;
    });
  }
}
