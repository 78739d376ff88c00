import { assetUrl } from '../api/config';

/**
 * Square product image; the frame's fixed aspect ratio avoids layout shift. Lazily loaded unless it
 * is the page's main picture (`priority`), which is its largest paint and must not wait for layout.
 */
export function ProductImage({ src, alt, className, priority = false }: { src: string; alt: string; className?: string; priority?: boolean }) {
  return (
    <div className={`product-image${className ? ` ${className}` : ''}`}>
      <img src={assetUrl(src)} alt={alt} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} decoding="async" width={600} height={600} />
    </div>
  );
}
