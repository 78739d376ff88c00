import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from './client';

export const categoriesKey = ['/api/categories'] as const;

/** The categories' query, also fetched before a category page hydrates (its title is the category's label). */
export const categoriesQuery = {
  queryKey: categoriesKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => ok(api().GET('/api/categories', { signal })),
};

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** Maps a slug to its label; falls back to the slug until (or if) the categories load. */
export function useCategoryLabel(): (slug: string) => string {
  const { data } = useCategories();
  return useCallback((slug: string) => data?.find((c) => c.slug === slug)?.label ?? titleCase(slug), [data]);
}

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
