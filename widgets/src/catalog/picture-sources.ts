/**
 * The shop keeps each picture in several widths, named `<hash>-<width>.webp` (docs/storage.md):
 * a picture of the catalogue so named is offered at each, and the browser fetches the one its
 * place on the page needs (a card's is 400 px wide, not the product page's 800). Any other
 * picture (a demo SVG, one linked before the renditions) is shown as it is.
 */
const RENDITION = /^(.*\/[0-9a-f]{24})-(?:400|800|1600)\.webp$/;
const WIDTHS = [400, 800, 1600] as const;

/** The `srcset` of a picture's renditions, or undefined for a picture the shop keeps in one size. */
export function pictureSrcSet(src: string, url: (path: string) => string): string | undefined {
  const match = RENDITION.exec(src);
  return match ? WIDTHS.map((w) => `${url(`${match[1]}-${w}.webp`)} ${w}w`).join(', ') : undefined;
}

/** The largest rendition (the zoom view's), or the picture itself. */
export function largestPicture(src: string): string {
  const match = RENDITION.exec(src);
  return match ? `${match[1]}-1600.webp` : src;
}

/** How wide a card's picture is drawn: a quarter, a third or half of the page's width (the grid's columns). */
export const CARD_SIZES = '(min-width: 1180px) 25vw, (min-width: 900px) 33vw, 50vw';
/** The product page's picture: half the page beside the details, the whole width on a phone. */
export const PAGE_SIZES = '(min-width: 768px) 50vw, 100vw';
