import type { RequestBody, ShippingAddress } from '@dark-circle/api-client';

/** Pickup is the default; shipping asks for an address and a shipping option. */
export type FulfillmentMethod = NonNullable<RequestBody<'/api/square/process-payment', 'post'>['fulfillmentMethod']>;

/** The shipping address fields, named as the order record will carry them. */
export type { ShippingAddress };

export const EMPTY_SHIPPING_ADDRESS: ShippingAddress = { address: '', city: '', state: '', zipCode: '', country: 'US' };

export type ContactFields = RequestBody<'/api/cart/{cartId}/contact', 'patch'>;
