import { useQuery } from '@tanstack/react-query';
import { ok, type Dashboard } from '@dark-circle/api-client';
import { api } from '../api/client';

export const DASHBOARD = '/api/admin/dashboard';

/** The browser's IANA zone: "today" and each day of the chart are the studio's own days. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useDashboard() {
  const zone = timeZone();
  return useQuery({ queryKey: [DASHBOARD, zone], queryFn: () => ok(api.GET('/api/admin/dashboard', { params: { query: { timeZone: zone } } })) });
}

export type RevenueDay = Dashboard['revenueByDay'][number];
