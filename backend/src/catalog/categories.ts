/** The one category vocabulary; `clothing` from the older material means apparel. */
export const CATEGORIES = [
  { slug: 'apparel', label: 'Clothing' },
  { slug: 'patches', label: 'Patches' },
  { slug: 'framed-art', label: 'Framed Art' },
  { slug: 'portraits', label: 'Portraits' },
  { slug: 'pride', label: 'Pride Collection' },
  { slug: 'custom', label: 'Custom' },
  { slug: 'originals', label: 'Originals' },
  { slug: 'other', label: 'Other' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

const ALIASES: Record<string, CategorySlug> = { clothing: 'apparel' };

/** The slug for a category name as users and older clients send it, or undefined when unknown. */
export function normalizeCategory(input: string): CategorySlug | undefined {
  const key = input.trim().toLowerCase();
  return ALIASES[key] ?? CATEGORIES.find((c) => c.slug === key || c.label.toLowerCase() === key)?.slug;
}
