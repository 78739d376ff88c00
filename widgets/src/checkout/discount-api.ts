import { useQuery } from '@tanstack/react-query';
import { ok, type DiscountCheck, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';

/** What the server says a code takes off this cart for this email. */
export type DiscountQuote = DiscountCheck;

export function checkDiscount(request: RequestBody<'/api/checkout/discount', 'post'>, signal?: AbortSignal): Promise<DiscountQuote> {
  return ok(api().POST('/api/checkout/discount', { body: request, signal }));
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
