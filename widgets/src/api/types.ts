/** Category slugs as `GET /api/categories` returns them. */
export type CategorySlug = 'apparel' | 'patches' | 'framed-art' | 'portraits' | 'pride' | 'custom' | 'originals' | 'other';

export interface Category {
  slug: CategorySlug;
  label: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  /** Decimal string, e.g. "68.00". */
  price: string;
  imageUrl: string;
  category: CategorySlug;
  inStock: boolean;
  stockQuantity: number;
}
