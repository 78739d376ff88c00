import type { AdminProduct as GeneratedProduct, RequestBody } from '@dark-circle/api-client';

// TEMPORARY: the variants contract's fields, until the generated API types carry them.
export interface ProductOption {
  name: string;
  values: string[];
}

export interface AdminVariant {
  id: string;
  name: string;
  options: Record<string, string>;
  sku: string | null;
  price: string;
  stockQuantity: number;
  inStock: boolean;
  reservedQuantity: number;
  imageUrl: string;
  waiting: number;
}

export type AdminProduct = GeneratedProduct & { priceMax: string; images: string[]; options: ProductOption[]; variants: AdminVariant[] };

interface VariantBody {
  id?: string;
  options: Record<string, string>;
  price: string;
  stockQuantity?: number;
  sku?: string;
  imageUrl?: string;
}
interface GalleryAndSizes {
  images?: string[];
  options?: ProductOption[];
  variants?: VariantBody[];
}
export type NewProductBody = RequestBody<'/api/admin/products', 'post'> & GalleryAndSizes;
export type ProductChangesBody = RequestBody<'/api/admin/products/{id}', 'patch'> & GalleryAndSizes;
export type VariantStockBody = { stockQuantity: number; inStock?: boolean };
