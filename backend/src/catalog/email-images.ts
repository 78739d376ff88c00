import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { BRAND } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { GetProductQuery } from './get-product.query';
import { MAX_PIXELS, uploadDir } from './product-images';

/** A line's picture in an email is shown at 64 px: drawn at three times that, for high-density screens. */
export const EMAIL_IMAGE_SIZE = 192;
/** Rendered pictures kept in memory: more than the catalogue holds, so each is drawn once. */
const MAX_CACHED = 500;

/**
 * The products' pictures as the emails link them, in order: PNGs the shop draws from the
 * catalogue's pictures (Gmail and Outlook show no SVG, Outlook desktop no WebP). Null for a product
 * that is gone or has no picture, so no email shows a broken image.
 */
export function emailImageUrls(queries: QueryBus, publicUrl: string, productIds: readonly number[]): Promise<(string | null)[]> {
  return Promise.all(
    productIds.map(async (productId) => ((await queries.execute(new GetProductQuery(productId)))?.imageUrl ? `${publicUrl}/email-images/${productId}.png` : null)),
  );
}

/** A product's email picture: drawn PNG bytes, or the address of a picture hosted elsewhere (Square's CDN serves JPEG). */
export type EmailImage = { png: Buffer } | { redirect: string };

/**
 * Draws each product's picture as a small square PNG on the emails' colours. Only the catalogue's
 * own files are read: uploads under the upload folder, the demo pictures under the built
 * storefront's `images/`; a picture path that leads outside them is treated as none.
 */
@Injectable()
export class EmailImages {
  private readonly logger = new Logger('EmailImages');
  /** By the picture's URL (an upload's name is its content's hash); the promise, so requests at once share one drawing. */
  private readonly drawn = new Map<string, Promise<Buffer | undefined>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: QueryBus,
  ) {}

  async of(productId: number): Promise<EmailImage | undefined> {
    const picture = (await this.queries.execute(new GetProductQuery(productId)))?.imageUrl;
    if (!picture) return undefined;
    if (/^https?:\/\//i.test(picture)) return { redirect: picture };
    const png = await this.cached(picture);
    return png && { png };
  }

  /** One square thumbnail, cropped to fill, flattened on the colour behind the emails' pictures (no client has to draw transparency). */
  async draw(file: string): Promise<Buffer> {
    return sharp(file, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(EMAIL_IMAGE_SIZE, EMAIL_IMAGE_SIZE, { fit: 'cover' })
      .flatten({ background: BRAND.raised })
      .png()
      .toBuffer();
  }

  private cached(picture: string): Promise<Buffer | undefined> {
    const hit = this.drawn.get(picture);
    if (hit) {
      // Most recently used last: the oldest is the one let go when the map is full.
      this.drawn.delete(picture);
      this.drawn.set(picture, hit);
      return hit;
    }
    const file = this.fileOf(picture);
    if (!file) return Promise.resolve(undefined);
    const drawing = this.draw(file).catch((error: unknown) => {
      // A missing or unreadable file is looked for again next time (a storefront built later, say).
      this.drawn.delete(picture);
      this.logger.warn(`No email picture from ${picture}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    this.drawn.set(picture, drawing);
    if (this.drawn.size > MAX_CACHED) this.drawn.delete(this.drawn.keys().next().value!);
    return drawing;
  }

  /** The file a shop path names, if it lies inside the folder its prefix stands for. */
  private fileOf(picture: string): string | undefined {
    const roots: [string, string][] = [
      ['/uploads/', uploadDir(this.config)],
      ['/images/', join(this.config.STOREFRONT_DIR, 'images')],
    ];
    let path: string;
    try {
      path = decodeURIComponent(new URL(picture, 'http://shop.invalid').pathname);
    } catch {
      return undefined;
    }
    if (path.includes('\0')) return undefined;
    for (const [prefix, dir] of roots) {
      if (!path.startsWith(prefix)) continue;
      const root = resolve(dir);
      const file = resolve(root, path.slice(prefix.length));
      const inside = relative(root, file);
      return inside !== '' && !isAbsolute(inside) && inside.split(sep)[0] !== '..' ? file : undefined;
    }
    return undefined;
  }
}
