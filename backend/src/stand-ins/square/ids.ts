import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** Ids shaped like Square's: always starting with a letter, so they never sort as integer object keys. */
export const newId = {
  catalogObject: () => randomString(BASE32.slice(0, 26), 1) + randomString(BASE32, 23),
  payment: () => randomString(BASE62.slice(0, 52), 1) + randomString(BASE62, 28),
  customer: () => randomString(BASE32.slice(0, 26), 1) + randomString(BASE32, 25),
  inventoryChange: () => randomString(BASE32.slice(0, 26), 1) + randomString(BASE32, 25),
  refund: () => randomString(BASE62.slice(0, 52), 1) + randomString(BASE62, 28),
  cardToken: () => `cnon:${randomString(BASE62, 24)}`,
  order: () => randomString(BASE62.slice(0, 52), 1) + randomString(BASE62, 26) + 'eV',
  uid: () => randomString(BASE62.slice(0, 52), 1) + randomString(BASE62, 21),
  tender: () => randomString(BASE62.slice(0, 52), 1) + randomString(BASE62, 28),
};
