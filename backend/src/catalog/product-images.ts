import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { invalid } from '../platform/errors/domain-error';
import { UPLOAD_STORAGE, UploadStorage } from '../platform/storage/upload-storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The widths the storefront shows: cards, the product page, and large screens. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** Raster formats only: an SVG can carry script, so it is refused like any non-image. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** Refuses decompression bombs: a small file that would expand to a huge bitmap. */
export const MAX_PIXELS = 50_000_000;

export interface StoredImage {
  imageUrl: string;
  sizes: Record<(typeof IMAGE_WIDTHS)[number], string>;
}

/**
 * Product images: checked by their content (whatever their name or declared type says), resized to
 * the web widths as WebP, named by their content's hash so a URL never changes what it shows (and
 * can be cached for a year), and kept in the uploads' storage (a folder, or a bucket every replica
 * shares), linked under `/uploads/` or UPLOADS_PUBLIC_URL.
 */
@Injectable()
export class ProductImages {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  async store(buffer: Buffer): Promise<StoredImage> {
    let format: string | undefined;
    try {
      format = (await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED.has(format)) {
      throw invalid('That file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.', 'UNSUPPORTED_IMAGE');
    }
    const name = createHash('sha256').update(buffer).digest('hex').slice(0, 24);
    const files: [number, string, Buffer][] = [];
    try {
      for (const width of IMAGE_WIDTHS) {
        const webp = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
        files.push([width, `${name}-${width}.webp`, webp]);
      }
    } catch {
      throw invalid('That image could not be read; it may be damaged.', 'UNSUPPORTED_IMAGE');
    }
    await Promise.all(files.map(([, file, webp]) => this.storage.put(file, webp, 'image/webp')));
    const sizes = Object.fromEntries(files.map(([width, file]) => [width, `${this.config.uploadsUrl}/${file}`])) as StoredImage['sizes'];
    return { imageUrl: sizes[800], sizes };
  }
}
