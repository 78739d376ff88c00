import { useState } from 'react';
import { assetUrl } from '../api/config';

/** An item whose image fails to load shows the placeholder embroidery image instead. */
export const ITEM_IMAGE_FALLBACK = '/images/embroidery-placeholder.svg';

export function CartItemImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={assetUrl(failed || !src ? ITEM_IMAGE_FALLBACK : src)}
      alt={alt}
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      // Once on the placeholder, a second failure must not loop.
      onError={() => setFailed(true)}
    />
  );
}
