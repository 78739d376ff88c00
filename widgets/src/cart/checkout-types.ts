/** Pickup is the default; shipping asks for an address and a shipping option. */
export type FulfillmentMethod = 'pickup' | 'shipping';

/** The shipping address fields, named as the order record will carry them. */
export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const EMPTY_SHIPPING_ADDRESS: ShippingAddress = { address: '', city: '', state: '', zipCode: '', country: 'US' };

export interface ContactFields {
  name: string;
  email: string;
}
