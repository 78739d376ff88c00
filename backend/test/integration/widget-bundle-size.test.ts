import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

interface Figures {
  budget: number;
  total: number;
  files: string[];
  elements: Record<'dc-product-grid' | 'dc-cart' | 'dc-newsletter', { bytes: number; files: string[] }>;
}

/** `npm run size`'s own measure over the built bundle (`npm test` builds first). */
const figures = (): Figures => JSON.parse(execFileSync(process.execPath, [resolve(__dirname, '../../../widgets/size.mjs'), '--json'], { encoding: 'utf8' })) as Figures;

describe('the widget bundle as a host page receives it', () => {
  const measured = figures();

  it('stays within 64 KB gzipped for all three elements together', () => {
    expect(measured.budget).toBe(64 * 1024);
    expect(measured.total).toBeGreaterThan(0);
    expect(measured.total).toBeLessThanOrEqual(measured.budget);
  });

  it('loads each element’s code only where that element is: a newsletter-only page loads less', () => {
    const { 'dc-newsletter': newsletter, 'dc-cart': cart, 'dc-product-grid': grid } = measured.elements;
    expect(newsletter.bytes).toBeLessThan(measured.total);
    expect(newsletter.files.some((f) => /CartElement|ProductGridElement/.test(f))).toBe(false);
    expect(cart.files.some((f) => /ProductGridElement|NewsletterElement/.test(f))).toBe(false);
    expect(grid.files.some((f) => /CartElement|NewsletterElement/.test(f))).toBe(false);
  });
});
