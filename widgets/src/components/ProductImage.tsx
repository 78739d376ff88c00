import { assetUrl } from '../api/config';

/** Square, lazily loaded product image; the frame's fixed aspect ratio avoids layout shift. */
export function ProductImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return (
    <div className={`product-image${className ? ` ${className}` : ''}`}>
      <img src={assetUrl(src)} alt={alt} loading="lazy" decoding="async" width={600} height={600} />
    </div>
  );
}
