import { useEffect } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiErrorOf } from '@dark-circle/api-client';
import { shopperMessageOf } from '../api/refusals';
import { centsToDecimal } from '../lib/money';
import { useToast } from '../toast/toast-context';
import { US_ZIP } from './checkout-fields';
import { fetchShippingRates, type ShippingRate, type ShippingRates } from './cart-api';

/** Sent until the shopper has typed a ZIP code. */
export const PLACEHOLDER_ZIP = '00000';
/** A shipping option a shipped order may name: every rate but pickup, which is the other fulfillment method. */
export type ShippingOption = Exclude<keyof ShippingRates['rates'], 'pickup'>;
/** Standard is the shipping option chosen by default. */
export const DEFAULT_SHIPPING_OPTION: ShippingOption = 'standard';

/**
 * Whether shipping can be priced for the order as it stands: only rates the server gave for this
 * very ZIP and subtotal count. Rates for an earlier ZIP (kept on screen while typing), for the
 * placeholder ZIP, or for another subtotal are no price the shopper could be charged.
 */
export type ShippingQuote = { status: 'priced'; rates: ShippingRates } | { status: 'needs-zip' | 'calculating' | 'refused' };

/**
 * Shipping rates for the subtotal and ZIP code, asked only while shipping is chosen and the ZIP is
 * empty or as long as a ZIP or ZIP+4 (not on every keystroke). A 400 is the server refusing the ZIP.
 */
export function useShippingRates({ enabled, subtotalCents, zipCode }: { enabled: boolean; subtotalCents: number; zipCode: string }) {
  const { toast } = useToast();
  const zip = zipCode.trim();
  const total = centsToDecimal(subtotalCents);
  const query = useQuery({
    queryKey: ['/api/shipping/rates', total, zip || PLACEHOLDER_ZIP],
    queryFn: ({ signal }) => fetchShippingRates(total, zip || PLACEHOLDER_ZIP, signal),
    enabled: enabled && [0, 5, 10].includes(zip.length),
    // Keeps the options on screen while a new ZIP or subtotal is being priced.
    placeholderData: keepPreviousData,
  });

  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (apiErrorOf(error)?.status !== 400) {
      console.error('Failed to load shipping rates', error);
      return;
    }
    toast({
      title: 'Shipping Restriction',
      description: shopperMessageOf(error) ?? 'We only ship within the United States.',
      variant: 'destructive',
    });
  }, [error, toast]);

  return query;
}

/** Where pricing shipping to `zipCode` stands, from the rates query of useShippingRates. */
export function shippingQuote(rates: UseQueryResult<ShippingRates>, zipCode: string): ShippingQuote {
  if (rates.isError) return { status: 'refused' };
  if (!US_ZIP.test(zipCode.trim())) return { status: 'needs-zip' };
  if (rates.isSuccess && !rates.isPlaceholderData) return { status: 'priced', rates: rates.data };
  return { status: 'calculating' };
}

/** The options a shipped order can choose from; pickup is the other fulfillment method, not one of them. */
export function shippingOptions(data: ShippingRates | undefined): [ShippingOption, ShippingRate][] {
  return data ? Object.entries(data.rates).filter((entry): entry is [ShippingOption, ShippingRate] => entry[0] !== 'pickup') : [];
}

/** The chosen option, falling back to the first one when the server does not offer it. */
export function chosenShippingRate(data: ShippingRates | undefined, option: ShippingOption): [ShippingOption, ShippingRate] | undefined {
  const options = shippingOptions(data);
  return options.find(([key]) => key === option) ?? options[0];
}
