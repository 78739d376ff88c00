import type { serialization } from 'square';
import { ok, type HandlerContext, type Reply } from './emulator-context';
import { EMULATOR_LOCATION_ID, EMULATOR_MERCHANT_ID } from './emulator-identity';
import { notFound } from './square-error';

/** The studio's one location. */
export const LOCATION: serialization.Location.Raw = {
  id: EMULATOR_LOCATION_ID,
  name: 'Dark Circle Studio',
  address: { address_line_1: '13 Raven Lane', locality: 'Salem', administrative_district_level_1: 'MA', postal_code: '01970', country: 'US' },
  timezone: 'America/New_York',
  capabilities: ['CREDIT_CARD_PROCESSING', 'AUTOMATIC_TRANSFERS'],
  status: 'ACTIVE',
  created_at: '2024-10-31T00:00:00Z',
  merchant_id: EMULATOR_MERCHANT_ID,
  country: 'US',
  language_code: 'en-US',
  currency: 'USD',
  business_name: 'Dark Circle',
  type: 'PHYSICAL',
  mcc: '5949',
};

export function listLocations(): Reply {
  return ok({ locations: [LOCATION] });
}

export function retrieveLocation(ctx: HandlerContext): Reply {
  const [id] = ctx.params;
  if (id !== LOCATION.id && id !== 'main') throw notFound(`Location \`${id}\` not found.`);
  return ok({ location: LOCATION });
}

/** A location id given in a request must be the emulator's. */
export function checkLocation(id: string | null | undefined, field = 'location_id'): void {
  if (id && id !== LOCATION.id) throw notFound(`Location \`${id}\` not found.`, field);
}
