import { useQuery } from '@tanstack/react-query';
import { ok, type Site } from '@dark-circle/api-client';
import { api } from '../api/client';

/** `GET /api/site`: what the shop's configuration says the home page and footer show. */
export type SiteInfo = Site;

export const siteKey = ['/api/site'] as const;

/** Read once per page load (configuration changes only with a restart). */
export function useSite() {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => ok(api().GET('/api/site', { signal })) });
}
