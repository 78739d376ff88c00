import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../api/config';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';
import { HAND_OVER_PARAM } from './session';

/** The token lives 15 minutes on the server; one shown in the drawer is at most this old (and renewed when the page comes back into view after longer). */
const RENEW_MS = 5 * 60_000;

/**
 * The widgets' Checkout link, `/cart?handover=<token>`: a short-lived token the shop signed for this
 * cart, never the session id (which reads the cart for as long as it lives). Asked for while the
 * drawer shows Checkout; undefined until it is there.
 */
export function useHandOverLink(cartId: string | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: ['cart-handover', cartId],
    queryFn: () => ok(api().POST('/api/cart/{cartId}/handover', { params: { path: { cartId: cartId! } } })),
    enabled: Boolean(cartId),
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    refetchOnWindowFocus: true,
    retry: 2,
  });
  return data ? apiUrl(`/cart?${HAND_OVER_PARAM}=${encodeURIComponent(data.token)}`) : undefined;
}
