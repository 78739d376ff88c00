import { useQuery } from '@tanstack/react-query';
import { getJson } from '../api/http';
import type { Dashboard } from '../api/schema';

export const DASHBOARD = '/api/admin/dashboard';

/** The browser's IANA zone: "today" and each day of the chart are the studio's own days. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useDashboard() {
  const zone = timeZone();
  return useQuery({ queryKey: [DASHBOARD, zone], queryFn: () => getJson<Dashboard>(`${DASHBOARD}?timeZone=${encodeURIComponent(zone)}`) });
}

export type RevenueDay = Dashboard['revenueByDay'][number];
