import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { invalid } from '../platform/errors/domain-error';
import { UPLOAD_STORAGE, UploadStorage } from '../platform/storage/upload-storage';
import { MAX_PIXELS, renderPicture, type Rendition } from './picture-renditions';

export { MAX_PIXELS } from './picture-renditions';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The widths the storefront shows: cards, the product page, and large screens. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** Raster formats only: an SVG can carry script, so it is refused like any non-image. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/**
 * A copy of a Square picture may also be an SVG: Square itself hands out only JPEG, PNG and GIF,
 * and the emulator serves the demo pictures as SVG. It is drawn into the raster renditions and
 * never served as it came, so no script of its own reaches a page.
 */
const ACCEPTED_FROM_SQUARE = new Set([...ACCEPTED, 'svg']);

export interface StoredImage {
  imageUrl: string;
  sizes: Record<(typeof IMAGE_WIDTHS)[number], string>;
}

/**
 * Product images: checked by their content (whatever their name or declared type says), drawn in
 * the renditions the shop uses (`picture-renditions.ts`: WebP at the storefront's widths, the
 * sharing JPEG, the emails' PNG), named by their content's hash so a URL never changes what it
 * shows (and can be cached for a year), and kept in the uploads' storage (a folder, or a bucket
 * every replica shares), linked under `/uploads/` or UPLOADS_PUBLIC_URL. The studio's uploads and
 * the shop's copies of Square's pictures alike.
 */
@Injectable()
export class ProductImages {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  /** `from`: an upload of the studio's (rasters only) or a copy of a picture Square hands out. */
  async store(buffer: Buffer, from: 'upload' | 'square' = 'upload'): Promise<StoredImage> {
    let format: string | undefined;
    try {
      format = (await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !(from === 'square' ? ACCEPTED_FROM_SQUARE : ACCEPTED).has(format)) {
      const why =
        from === 'square'
          ? `The file is not a picture the shop reads (${format ?? 'no image format'}).`
          : 'That file is not a picture we can use: upload a JPEG, PNG, WebP, GIF or AVIF image.';
      throw invalid(why, 'UNSUPPORTED_IMAGE');
    }
    let renditions: Rendition[];
    try {
      renditions = await renderPicture(buffer);
    } catch {
      throw invalid('That image could not be read; it may be damaged.', 'UNSUPPORTED_IMAGE');
    }
    await Promise.all(renditions.map((r) => this.storage.put(r.name, r.bytes, r.contentType)));
    const url = (use: Rendition['use']) => `${this.config.uploadsUrl}/${renditions.find((r) => r.use === use)!.name}`;
    const sizes = { 400: url('grid'), 800: url('page'), 1600: url('large') };
    return { imageUrl: sizes[800], sizes };
  }
}
