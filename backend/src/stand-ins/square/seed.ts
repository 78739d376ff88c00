import { DEMO_CATALOG } from '../../catalog/demo-catalog';
import { CATEGORIES } from '../../catalog/categories';
import { upsertCatalogObjects } from './catalog';
import type { StoredObject } from './catalog-objects';
import { now } from './emulator-context';
import type { EmulatorState } from './emulator-state';
import { setCount } from './inventory';
import { LOCATION } from './locations';

/** The first variation keeps the id it had when every item had one ("Regular"). */
const variationRef = (itemRef: string, n: number) => (n === 0 ? `${itemRef}-regular` : `${itemRef}-variation-${n}`);

/**
 * Fills a new state with the demo catalogue as a Square seller would have it: a CATEGORY per
 * category, an IMAGE per picture (served by the emulator itself), an ITEM_OPTION per option name
 * (Size) with its values, an ITEM per product with a priced variation per variant (naming its
 * option values), and each variation's IN_STOCK count at the studio's location. A state that was ever
 * seeded is left alone. True when it seeded.
 */
export function seedDemoCatalog(state: EmulatorState): boolean {
  if (state.seeded) return false;
  const categoryRef = (slug: string) => `#category-${slug}`;
  const used = new Set(DEMO_CATALOG.map((p) => p.category));
  const categories: StoredObject[] = CATEGORIES.filter((c) => used.has(c.slug)).map((c) => ({
    type: 'CATEGORY',
    id: categoryRef(c.slug),
    category_data: { name: c.label, category_type: 'REGULAR_CATEGORY', is_top_level: true, online_visibility: true },
  }));
  const products = DEMO_CATALOG.map((product, i) => ({ product, ref: `#product-${i}` }));
  // One ITEM_OPTION per option name (Size), shared by the items that use it, as a seller sets them up once.
  const optionRef = (name: string) => `#option-${name.toLowerCase()}`;
  const valueRef = (name: string, value: string) => `${optionRef(name)}-${value.toLowerCase()}`;
  const optionValues = new Map<string, string[]>();
  for (const option of DEMO_CATALOG.flatMap((p) => p.options)) optionValues.set(option.name, [...new Set([...(optionValues.get(option.name) ?? []), ...option.values])]);
  const itemOptions: StoredObject[] = [...optionValues].map(([name, values]) => ({
    type: 'ITEM_OPTION',
    id: optionRef(name),
    item_option_data: {
      name,
      display_name: name,
      show_colors: false,
      values: values.map((value, ordinal) => ({ type: 'ITEM_OPTION_VAL', id: valueRef(name, value), item_option_value_data: { name: value, ordinal } })),
    },
  }));
  const imageRef = (ref: string, n: number) => (n === 0 ? `${ref}-image` : `${ref}-image-${n}`);
  const images: StoredObject[] = products.flatMap(({ product, ref }) =>
    product.images.map((url, n) => ({
      type: 'IMAGE',
      id: imageRef(ref, n),
      // A path: the emulator puts its own address in front when it answers, so a restart on another port still serves it.
      image_data: { name: product.name, url, caption: product.name },
    })),
  );
  const items: StoredObject[] = products.map(({ product, ref }, i) => ({
    type: 'ITEM',
    id: ref,
    item_data: {
      name: product.name,
      description: product.description,
      categories: [{ id: categoryRef(product.category) }],
      image_ids: product.images.map((_url, n) => imageRef(ref, n)),
      is_archived: false,
      product_type: 'REGULAR',
      ...(product.options.length ? { item_options: product.options.map((o) => ({ item_option_id: optionRef(o.name) })) } : {}),
      variations: product.variants.map((variant, v) => ({
        type: 'ITEM_VARIATION',
        id: variationRef(ref, v),
        item_variation_data: {
          // With options Square names a variation by its values joined with a comma ("M", "Black, M").
          name: product.options.map((o) => variant.options[o.name]).join(', ') || 'Regular',
          sku: variant.sku ?? `DC-${String(i + 1).padStart(3, '0')}`,
          pricing_type: 'FIXED_PRICING',
          price_money: { amount: variant.priceCents, currency: LOCATION.currency },
          track_inventory: true,
          sellable: true,
          stockable: true,
          ...(product.options.length
            ? { item_option_values: product.options.map((o) => ({ item_option_id: optionRef(o.name), item_option_value_id: valueRef(o.name, variant.options[o.name]) })) }
            : {}),
        },
      })),
    },
  }));
  const { id_mappings } = upsertCatalogObjects(state, [...categories, ...images, ...itemOptions, ...items], '');
  const realId = new Map(id_mappings?.map((m) => [m.client_object_id, m.object_id]));
  const at = now();
  for (const { product, ref } of products) {
    product.variants.forEach((variant, v) => setCount(state, realId.get(variationRef(ref, v)) as string, LOCATION.id as string, 'IN_STOCK', variant.stock.stockQuantity, at));
  }
  state.seeded = true;
  return true;
}
