import { useProducts } from '../api/products';
import { ShopResults } from '../catalog/ShopResults';
import { ALL } from '../lib/product-filter';
import shop from '../styles/shop.css?inline';
import { sheet } from './styles';
import { WidgetRoot, type ElementProps } from './WidgetRoot';

const STYLES = [sheet(shop)];

interface Props extends ElementProps {
  /** A category slug; unset: every category. */
  category?: string;
  /** At most this many cards; unset, not a number or below 1: all of them. */
  limit?: number;
}

/** `<dc-product-grid category limit>`: the shop's grid of in-stock products. */
export default function ProductGridElement({ container, apiBase, category, limit }: Props) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} styles={STYLES}>
      <Grid category={category?.trim() || ALL} limit={limit !== undefined && limit >= 1 ? Math.floor(limit) : undefined} />
    </WidgetRoot>
  );
}

function Grid({ category, limit }: { category: string; limit?: number }) {
  const query = useProducts();
  return <ShopResults filter={category} products={query.data} failed={query.isError} limit={limit} />;
}
