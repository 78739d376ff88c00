import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/http';

/** `GET /api/site`: what the shop's configuration says the home page and footer show. */
export interface SiteInfo {
  contact: { email: string | null; phone: string | null; area: string | null };
  social: { label: string; href: string }[];
  eventsVideo: { url: string | null; posterUrl: string | null };
}

export const siteKey = ['/api/site'] as const;

/** Read once per page load (configuration changes only with a restart). */
export function useSite() {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => getJson<SiteInfo>('/api/site', signal) });
}
