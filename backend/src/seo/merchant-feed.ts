import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { ProductDto } from '../catalog';
import { parseCents, formatCents } from '../platform/money';
import type { ShopSettings } from '../settings';
import { shippingCostCents } from '../shipping';
import { absolute, productUrl } from './public-origin';

const G = 'http://base.google.com/ns/1.0';
/** Google reads at most ten additional pictures. */
const MORE_IMAGES = 10;

/** The option that holds a variant's size or colour, whatever case the studio wrote its name in. */
const optionValue = (options: Record<string, string>, names: readonly string[]) => Object.entries(options).find(([name]) => names.includes(name.trim().toLowerCase()))?.[1];

const usd = (cents: number) => `${formatCents(cents)} USD`;

/**
 * The Google Merchant Center feed of the free listings (RSS 2.0 with the `g:` namespace): one item
 * per variant on sale, grouped by its product (`g:item_group_id`, on every item). Apparel carries
 * who it is for from the shop's settings, and its colour from a Color option or the settings'
 * default. `g:shipping` is the standard rate to the US for that item alone, 0 from the free-shipping
 * threshold, by the checkout's own rule. The text goes through xmlbuilder2, which escapes it.
 */
export function merchantFeedXml(origin: string, products: readonly ProductDto[], settings: ShopSettings): string {
  const channel = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' }).ele('rss', { version: '2.0', 'xmlns:g': G }).ele('channel');
  channel.ele('title').txt(settings.brand);
  channel.ele('link').txt(`${origin}/`);
  channel.ele('description').txt(`Every piece ${settings.brand} sells online, one item per size.`);
  for (const product of products) for (const variant of product.variants) item(channel.ele('item'), origin, product, variant, settings);
  return channel.end({ prettyPrint: true });
}

function item(entry: XMLBuilder, origin: string, product: ProductDto, variant: ProductDto['variants'][number], settings: ShopSettings): void {
  const g = (name: string, value: string) => entry.ele(G, `g:${name}`).txt(value);
  const priceCents = parseCents(variant.price) ?? 0;
  g('id', variant.id);
  g('item_group_id', String(product.id));
  entry.ele('title').txt(variant.name ? `${product.name} — ${variant.name}` : product.name);
  entry.ele('description').txt(product.description || product.name);
  entry.ele('link').txt(productUrl(origin, product.id, variant.id));
  const image = variant.imageUrl || product.imageUrl;
  if (image) g('image_link', absolute(origin, image));
  for (const more of product.images.filter((url) => url !== image).slice(0, MORE_IMAGES)) g('additional_image_link', absolute(origin, more));
  g('availability', variant.inStock ? 'in_stock' : 'out_of_stock');
  g('price', usd(priceCents));
  g('brand', settings.brand);
  g('condition', 'new');
  // Handmade: no GTIN nor manufacturer part number exists.
  g('identifier_exists', 'no');
  const apparel = product.category === 'apparel';
  const size = optionValue(variant.options, ['size']);
  const color = optionValue(variant.options, ['color', 'colour']) ?? (apparel && settings.defaultColor ? settings.defaultColor : undefined);
  if (size) g('size', size);
  if (color) g('color', color);
  if (apparel) {
    g('gender', settings.apparelGender);
    g('age_group', settings.apparelAgeGroup);
  }
  const shipping = entry.ele(G, 'g:shipping');
  shipping.ele(G, 'g:country').txt('US');
  shipping.ele(G, 'g:service').txt('Standard Shipping');
  shipping.ele(G, 'g:price').txt(usd(shippingCostCents('standard', priceCents)));
}
