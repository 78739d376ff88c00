import { assetUrl } from '../api/config';
import { ITEM_IMAGE_FALLBACK } from '../cart/CartItemImage';
import { CARD_SIZES, pictureSrcSet } from './picture-sources';

/**
 * A product's picture; the frame's fixed aspect ratio avoids layout shift. Lazily loaded unless it
 * is the page's main picture (`priority`), which is its largest paint and must not wait for layout.
 * The shop's renditions are offered by width (`sizes`: how wide it is drawn); a product without a
 * picture yet (one whose copy is on its way) shows the placeholder embroidery, never a broken image.
 */
export function ProductImage({ src, alt, className, priority = false, sizes = CARD_SIZES }: { src: string; alt: string; className?: string; priority?: boolean; sizes?: string }) {
  const srcSet = pictureSrcSet(src, assetUrl);
  return (
    <div className={`product-image${className ? ` ${className}` : ''}`}>
      <img
        src={assetUrl(src || ITEM_IMAGE_FALLBACK)}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        width={600}
        height={600}
      />
    </div>
  );
}
