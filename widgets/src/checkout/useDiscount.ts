import { useState } from 'react';
import { apiErrorOf } from '@dark-circle/api-client';
import { shopperMessageOf } from '../api/refusals';
import { formatCents, toCents } from '../lib/money';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { NEWSLETTER_DISCOUNT_CODE, useSubscribe } from '../newsletter/newsletter-api';
import { useToast } from '../toast/toast-context';
import { useDiscountQuote, type DiscountQuote } from './discount-api';

/** What an applied code does, in the discount field's words. */
function appliedText(quote: DiscountQuote): string {
  if (quote.freeShipping) return `${quote.code}: free shipping.`;
  if (quote.amountOff) return `${quote.code}: ${formatCents(toCents(quote.amountOff))} off your items.`;
  return `${quote.code}: ${quote.percentOff}% off your items.`;
}

/** The server's verdict on the applied code, as the discount field shows it. */
export type DiscountStatus =
  | { kind: 'checking' }
  | { kind: 'applied'; text: string }
  /** `subscribeWith`: the code is for subscribers, and subscribing this email is all it takes. */
  | { kind: 'refused'; text: string; subscribeWith?: string }
  | null;

/**
 * The code the shopper applied and what the server says it takes off (asked again when the email or
 * the items change). A code that does not apply takes nothing off and says why; when the reason is
 * that the email has not subscribed, `subscribe()` subscribes it (the shopper's consent given) with
 * the newsletter's own route, then asks the server again: the server still decides.
 */
export function useDiscount(cartId: string, email: string, subtotal: number, initialCode: string | null) {
  const { toast } = useToast();
  const [code, setCode] = useState<string | null>(initialCode);
  const typedEmail = email.trim();
  const settledEmail = useDebouncedValue(typedEmail, 400);
  const quote = useDiscountQuote(code && settledEmail ? { code, email: settledEmail, cartId, subtotalCents: subtotal } : null);
  const subscription = useSubscribe();

  let status: DiscountStatus = null;
  let cents: number | null = 0;
  let forOrder: { code: string; discountCents: number } | undefined;
  let freeShipping = false;
  if (code && !typedEmail) status = { kind: 'refused', text: 'Enter your email address under Contact Information: the code belongs to it.' };
  else if (code && (quote.isFetching || subscription.isPending || typedEmail !== settledEmail)) {
    status = { kind: 'checking' };
    cents = null;
  } else if (code && quote.isError) {
    status =
      apiErrorOf(quote.error)?.details?.subscriptionRequired === true
        ? { kind: 'refused', text: `${code} is for newsletter subscribers.`, subscribeWith: settledEmail }
        : { kind: 'refused', text: shopperMessageOf(quote.error) ?? 'The code could not be checked. Please try again.' };
  } else if (code && quote.data) {
    cents = toCents(quote.data.discount);
    forOrder = { code: quote.data.code, discountCents: cents };
    freeShipping = quote.data.freeShipping === true;
    status = { kind: 'applied', text: appliedText(quote.data) };
  }

  function subscribe() {
    if (subscription.isPending || !settledEmail) return;
    subscription.mutate(settledEmail, {
      onSuccess: () => {
        toast({ title: 'Welcome to the Dark Circle!', description: `You've been added to our newsletter and our customer list. Applying ${NEWSLETTER_DISCOUNT_CODE} now.` });
        void quote.refetch();
      },
      onError: (error) => {
        const status = apiErrorOf(error)?.status;
        const message = status === 400 || status === 429 ? shopperMessageOf(error) : undefined;
        toast({ title: 'Something went wrong', description: message ?? 'Please try again later.', variant: 'destructive' });
      },
    });
  }

  return {
    code,
    status,
    cents,
    forOrder,
    /** The code ships the order free: the summary's shipping is nothing. */
    freeShipping,
    subscribing: subscription.isPending,
    subscribe,
    apply: (next: string) => setCode(next.toUpperCase()),
    remove: () => setCode(null),
  };
}
