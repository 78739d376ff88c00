import { useMutation } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';

/** The code the card shows and the welcome email repeats. */
export const NEWSLETTER_DISCOUNT_CODE = 'DARKCIRCLE10';

/** The storefront sends the name as null: the home page form asks only for an email. */
export async function subscribe(email: string): Promise<void> {
  await ok(api().POST('/api/newsletter/subscribe', { body: { email, name: null } }));
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
