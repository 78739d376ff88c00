import { useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';

/** The shop's categories (slug and label), as the storefront lists them. */
export const useCategories = () => useQuery({ queryKey: ['/api/categories'], queryFn: () => ok(api.GET('/api/categories')) });
