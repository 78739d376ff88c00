import type { AdminProduct } from '@dark-circle/api-client';
import { usePublish } from './usePublish';

/** A draft's badge and its Publish button (nothing for a product on sale): shoppers do not see a draft, nor does Square. */
export function DraftBadge({ product }: { product: AdminProduct }) {
  const publish = usePublish(product);
  if (product.status !== 'draft') return null;
  return (
    <>
      {' '}
      <span className="badge badge-draft" data-testid="draft-badge" title="Not shown to shoppers nor sent to Square until published">
        Draft
      </span>{' '}
      <button type="button" className="button button-small" disabled={publish.isPending} aria-label={`Publish ${product.name}`} onClick={() => publish.mutate()}>
        {publish.isPending ? 'Publishing...' : 'Publish'}
      </button>
    </>
  );
}
