import { create } from 'xmlbuilder2';
import { CATEGORIES, type ListedProduct } from '../catalog';
import { productUrl } from './public-origin';

/** The policy pages the storefront serves (the footer's links). */
export const POLICY_PAGES = ['/shipping', '/privacy', '/terms'] as const;

const latest = (dates: Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined);

/**
 * `/sitemap.xml` (sitemaps.org 0.9): the home page, every listed product (sold out too: its page
 * still shows it) with `lastmod` from its last change, the category pages that hold a listed
 * product, and the policy pages.
 */
export function sitemapXml(origin: string, products: readonly ListedProduct[]): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' });
  const url = (loc: string, lastmod?: Date) => {
    const entry = urlset.ele('url');
    entry.ele('loc').txt(loc);
    if (lastmod) entry.ele('lastmod').txt(lastmod.toISOString());
  };
  url(`${origin}/`, latest(products.map((p) => p.updatedAt)));
  for (const category of CATEGORIES) {
    const held = products.filter((p) => p.dto.category === category.slug);
    if (held.length) url(`${origin}/shop/${category.slug}`, latest(held.map((p) => p.updatedAt)));
  }
  for (const { dto, updatedAt } of products) url(productUrl(origin, dto.id), updatedAt);
  for (const page of POLICY_PAGES) url(`${origin}${page}`);
  return urlset.end({ prettyPrint: true });
}

/** The paths no crawler has business in: the admin, the API, the cart and checkout, an order's pages, the emails' links. */
const DISALLOWED = ['/admin', '/inventory', '/api/', '/cart', '/order-confirmation', '/order-status/', '/back-in-stock/'];

/** `/robots.txt`: everything else may be crawled, and the sitemap is named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
