import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { isUploadName, UPLOAD_STORAGE, UploadStorage } from '../platform/storage/upload-storage';
import { Products } from './products';
import { emailPicture, MAX_PIXELS, renditionName, renditionOf } from './picture-renditions';

export { EMAIL_IMAGE_SIZE } from './picture-renditions';
/** Rendered pictures kept in memory: more than the catalogue holds, so each is drawn once. */
const MAX_CACHED = 500;

/**
 * The products' pictures as the emails link them, in order: PNGs the shop draws from the
 * catalogue's pictures (Gmail and Outlook show no SVG, Outlook desktop no WebP). Null for a product
 * that is gone or has no picture, so no email shows a broken image.
 */
export function emailImageUrls(products: Pick<Products, 'picture'>, publicUrl: string, productIds: readonly number[]): Promise<(string | null)[]> {
  return Promise.all(productIds.map(async (productId) => ((await products.picture(productId)) ? `${publicUrl}/email-images/${productId}.png` : null)));
}

/** A product's email picture: drawn PNG bytes, or the address of a picture hosted elsewhere (Square's CDN serves JPEG). */
export type EmailImage = { png: Buffer } | { redirect: string };

/**
 * Draws each product's picture as a small square PNG on the emails' colours. Only the catalogue's
 * own pictures are read: uploads from their storage (linked under `/uploads/` or UPLOADS_PUBLIC_URL),
 * the demo pictures under the built storefront's `images/`; a picture path that leads outside them
 * is treated as none.
 */
@Injectable()
export class EmailImages {
  private readonly logger = new Logger('EmailImages');
  /** By the picture's URL (an upload's name is its content's hash); the promise, so requests at once share one drawing. */
  private readonly drawn = new Map<string, Promise<Buffer | undefined>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly products: Products,
    @Inject(UPLOAD_STORAGE) private readonly uploads: UploadStorage,
  ) {}

  async of(productId: number): Promise<EmailImage | undefined> {
    const picture = await this.products.picture(productId);
    if (!picture) return undefined;
    if (/^https?:\/\//i.test(picture) && !this.isPublicUpload(picture)) return { redirect: picture };
    const png = await this.cached(picture);
    return png && { png };
  }

  /** One square thumbnail, cropped to fill, flattened on the colour behind the emails' pictures (no client has to draw transparency). */
  async draw(picture: Buffer | string): Promise<Buffer> {
    return emailPicture(sharp(picture, { limitInputPixels: MAX_PIXELS }).rotate()).toBuffer();
  }

  private cached(picture: string): Promise<Buffer | undefined> {
    const hit = this.drawn.get(picture);
    if (hit) {
      // Most recently used last: the oldest is the one let go when the map is full.
      this.drawn.delete(picture);
      this.drawn.set(picture, hit);
      return hit;
    }
    const source = this.sourceOf(picture);
    if (!source) return Promise.resolve(undefined);
    const drawing = source()
      .then((found) => {
        if (found === undefined) throw new Error('not found');
        return this.draw(found);
      })
      .catch((error: unknown) => {
        // A missing or unreadable file is looked for again next time (a storefront built later, say).
        if (this.drawn.get(picture) === drawing) this.drawn.delete(picture);
        this.logger.warn(`No email picture from ${picture}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      });
    this.drawn.set(picture, drawing);
    if (this.drawn.size > MAX_CACHED) this.drawn.delete(this.drawn.keys().next().value!);
    return drawing;
  }

  private isPublicUpload(picture: string): boolean {
    return picture.startsWith(`${this.config.uploadsUrl}/`);
  }

  /**
   * How to read the picture a catalogue path names: an upload from the uploads' storage, a demo
   * picture from the file inside the storefront's images folder; undefined for anything else.
   */
  private sourceOf(picture: string): (() => Promise<Buffer | string | undefined>) | undefined {
    let path: string;
    try {
      path = this.isPublicUpload(picture) ? `/uploads/${picture.slice(this.config.uploadsUrl.length + 1)}` : new URL(picture, 'http://shop.invalid').pathname;
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (path.includes('\0')) return undefined;
    if (path.startsWith('/uploads/')) {
      const name = path.slice('/uploads/'.length);
      if (!isUploadName(name)) return undefined;
      // A picture stored with its email rendition is drawn already (drawing it again changes nothing);
      // one stored before that rendition existed is drawn from the picture itself.
      const rendition = renditionOf(name);
      const email = rendition && renditionName(rendition.hash, 'email');
      return async () => (email && (await this.uploads.get(email))) || this.uploads.get(name);
    }
    if (!path.startsWith('/images/')) return undefined;
    const root = resolve(join(this.config.STOREFRONT_DIR, 'images'));
    const file = resolve(root, path.slice('/images/'.length));
    const inside = relative(root, file);
    return inside !== '' && !isAbsolute(inside) && inside.split(sep)[0] !== '..' ? () => Promise.resolve(file) : undefined;
  }
}
