import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/http';
import type { Site } from '../api/schema';

/** `GET /api/site`: what the shop's configuration says the home page and footer show. */
export type SiteInfo = Site;

export const siteKey = ['/api/site'] as const;

/** Read once per page load (configuration changes only with a restart). */
export function useSite() {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => getJson<SiteInfo>('/api/site', signal) });
}
