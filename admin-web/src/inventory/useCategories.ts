import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/http';
import type { Category } from '../api/schema';

/** The shop's categories (slug and label), as the storefront lists them. */
export const useCategories = () => useQuery({ queryKey: ['/api/categories'], queryFn: () => getJson<Category[]>('/api/categories') });
