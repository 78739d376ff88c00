import { useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from './client';

/** The order behind a status link from the shop's emails (the token is the link's own signature: never sent anywhere else). */
export function useOrderStatus(token: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['/api/order-status', token],
    queryFn: ({ signal }) => ok(api().GET('/api/order-status/{token}', { params: { path: { token } }, signal })),
    // A shopper who keeps the page open sees a step the studio takes meanwhile on their next visit.
    staleTime: 60_000,
  });
}
