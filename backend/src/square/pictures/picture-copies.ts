import type { MappedItem, SquarePicture } from '../catalog-sync/square-item-mapping';

/** The shop's copy of a Square picture: the file it copies (Square's URL) and the catalogue's address of the copy. */
export interface PictureCopy {
  url: string;
  picture: string;
}

/**
 * An item as the shop lists it: each of Square's pictures replaced by the shop's copy of it (so
 * every picture is on the shop's origin), or, while a copy is missing (not made yet, or of a file
 * Square has replaced since), no pictures at all, so the product keeps the ones it has rather than
 * a picture from elsewhere or none. `missing` names the pictures still to copy.
 */
export function withCopies(item: MappedItem, copies: ReadonlyMap<string, PictureCopy>): { item: MappedItem; missing: SquarePicture[] } {
  const missing = item.pictures.filter((p) => copies.get(p.squareImageId)?.url !== p.url);
  const { images, ...details } = item.details;
  if (missing.length) return { item: { ...item, details, variations: item.variations.map(({ imageUrl: _square, ...v }) => v) }, missing };
  const copyOf = new Map(item.pictures.map((p) => [p.url, copies.get(p.squareImageId)!.picture]));
  const local = (url: string) => copyOf.get(url) ?? url;
  return {
    item: {
      ...item,
      details: { ...details, ...(images ? { images: images.map(local) } : {}) },
      variations: item.variations.map((v) => (v.imageUrl ? { ...v, imageUrl: local(v.imageUrl) } : v)),
    },
    missing: [],
  };
}
