import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/http';
import type { DiscountCheck } from '../api/schema';

/** What the server says a code takes off this cart for this email. */
export type DiscountQuote = DiscountCheck;

export async function checkDiscount(request: { code: string; email: string; cartId: string }, signal?: AbortSignal): Promise<DiscountQuote> {
  const res = await apiRequest('POST', '/api/checkout/discount', request, signal);
  return (await res.json()) as DiscountQuote;
}

/**
 * The applied code's discount, asked again whenever the email or the items change, since both
 * decide it. The server works it out; the payment call checks it once more.
 */
export function useDiscountQuote(applied: { code: string; email: string; cartId: string; subtotalCents: number } | null) {
  return useQuery({
    queryKey: ['/api/checkout/discount', applied?.code, applied?.email, applied?.cartId, applied?.subtotalCents],
    queryFn: ({ signal }) => checkDiscount({ code: applied!.code, email: applied!.email, cartId: applied!.cartId }, signal),
    enabled: applied !== null,
    retry: false,
  });
}
