import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api/http';

/** The code the card shows and the welcome email repeats. */
export const NEWSLETTER_DISCOUNT_CODE = 'DARKCIRCLE10';

/** The storefront sends the name as null: the home page form asks only for an email. */
export async function subscribe(email: string): Promise<void> {
  await apiRequest('POST', '/api/newsletter/subscribe', { email, name: null });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
