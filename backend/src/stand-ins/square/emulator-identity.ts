/** The one account the emulator serves: the shop starts it and signs in with these. */
export const EMULATOR_ACCESS_TOKEN = 'EMULATOR-sandbox-access-token';
export const EMULATOR_APPLICATION_ID = 'sandbox-sq0idb-dark-circle-emulator';
export const EMULATOR_LOCATION_ID = 'LDCEMULATOR0001';
export const EMULATOR_MERCHANT_ID = 'MLDCEMULATOR01';
/** The signature key the emulator signs its webhooks with unless told another (development only). */
export const EMULATOR_WEBHOOK_SIGNATURE_KEY = 'EMULATOR-webhook-signature-key';
