import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { BRAND } from '../mail';

/** Refuses decompression bombs: a small file that would expand to a huge bitmap. */
export const MAX_PIXELS = 50_000_000;

/** A line's picture in an email is shown at 64 px: drawn at three times that, for high-density screens. */
export const EMAIL_IMAGE_SIZE = 192;

/**
 * The copies the shop keeps of each picture, each for one use: the grid's cards, the product page
 * (the address the catalogue records), large screens, the 1200 px wide sharing picture (JPEG, which
 * every network's preview reads) and the emails' square thumbnail (PNG, which every mail client
 * shows). Named `<hash>-<width>.<ext>` after the picture's content.
 */
export const PICTURE_RENDITIONS = [
  { use: 'grid', width: 400, ext: 'webp' },
  { use: 'page', width: 800, ext: 'webp' },
  { use: 'large', width: 1600, ext: 'webp' },
  { use: 'share', width: 1200, ext: 'jpg' },
  { use: 'email', width: EMAIL_IMAGE_SIZE, ext: 'png' },
] as const;

export type PictureUse = (typeof PICTURE_RENDITIONS)[number]['use'];

const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const;

/** A rendition's name: the hash of the picture it was made from, its width, its format. */
const RENDITION_NAME = /^([0-9a-f]{24})-(\d{2,4})\.(webp|jpg|png)$/;

/** The name every rendition of a picture starts with: its content's hash. */
export const pictureHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

export const renditionName = (hash: string, use: PictureUse): string => {
  const { width, ext } = PICTURE_RENDITIONS.find((r) => r.use === use)!;
  return `${hash}-${width}.${ext}`;
};

/**
 * The address of another rendition of the same picture (`use`), for an address of one of the
 * shop's renditions (`…/<hash>-800.webp` under `/uploads/` or UPLOADS_PUBLIC_URL); undefined for
 * any other picture (a demo picture, an address elsewhere). Pictures stored before a rendition
 * existed lack it: the sharing and email ones came later than the three widths.
 */
export function pictureRendition(url: string, use: PictureUse): string | undefined {
  const slash = url.lastIndexOf('/');
  const rendition = renditionOf(url.slice(slash + 1));
  return rendition ? `${url.slice(0, slash + 1)}${renditionName(rendition.hash, use)}` : undefined;
}

/** The rendition a stored name is, by its name (`<hash>-<width>.<ext>`), or undefined for another name. */
export function renditionOf(name: string): { hash: string; use: PictureUse } | undefined {
  const match = RENDITION_NAME.exec(name);
  const rendition = match && PICTURE_RENDITIONS.find((r) => String(r.width) === match[2] && r.ext === match[3]);
  return match && rendition ? { hash: match[1], use: rendition.use } : undefined;
}

export interface Rendition {
  use: PictureUse;
  name: string;
  width: number;
  contentType: string;
  bytes: Buffer;
}

/**
 * Every rendition of one picture. A raster picture is never enlarged (a small one keeps its own
 * width); a vector picture (SVG, which only the Square emulator hands out) is drawn once at the
 * widest rendition's width, so each has the width its name says. EXIF orientation is applied.
 * Throws on a picture sharp cannot read.
 */
export async function renderPicture(bytes: Buffer): Promise<Rendition[]> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  const hash = pictureHash(bytes);
  // A vector picture is drawn once, as wide as the widest rendition (each is then a downscale of it).
  const widest = Math.max(...PICTURE_RENDITIONS.map((r) => r.width));
  const source =
    meta.format === 'svg' && meta.width
      ? await sharp(bytes, { limitInputPixels: MAX_PIXELS, density: Math.min(2400, Math.ceil((72 * widest) / meta.width)) })
          .resize({ width: widest })
          .png()
          .toBuffer()
      : bytes;
  const input = (): Sharp => sharp(source, { limitInputPixels: MAX_PIXELS }).rotate();
  const renditions: Rendition[] = [];
  for (const { use, width, ext } of PICTURE_RENDITIONS) {
    const drawn =
      use === 'email'
        ? emailPicture(input())
        : use === 'share'
          ? input().resize({ width, withoutEnlargement: true }).flatten({ background: BRAND.bg }).jpeg({ quality: 85, mozjpeg: true })
          : input().resize({ width, withoutEnlargement: true }).webp({ quality: 82 });
    renditions.push({ use, name: renditionName(hash, use), width, contentType: CONTENT_TYPES[ext], bytes: await drawn.toBuffer() });
  }
  return renditions;
}

/** One square thumbnail, cropped to fill, flattened on the colour behind the emails' pictures (no client has to draw transparency). */
export function emailPicture(picture: Sharp): Sharp {
  return picture.resize(EMAIL_IMAGE_SIZE, EMAIL_IMAGE_SIZE, { fit: 'cover' }).flatten({ background: BRAND.raised }).png();
}
