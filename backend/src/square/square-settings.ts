import { SquareEnvironment } from 'square';

/** Which Square account the shop charges into, and how to reach it. */
export interface SquareSettings {
  accessToken: string;
  applicationId: string;
  locationId: string;
  environment: 'sandbox' | 'production';
  /** The REST API's address: Square's own, or the emulator's in development. */
  baseUrl: string;
  /** The Web Payments SDK script the storefront loads for the card form. */
  webSdkUrl: string;
  /** How long one call may take before it is asked again (with the same idempotency key). */
  timeoutMs: number;
  /** True when the bundled emulator stands in for Square. */
  emulated: boolean;
  /** Checks the signature of Square's webhooks; unset: every delivery is refused. */
  webhookSignatureKey?: string;
}

export const SQUARE_SETTINGS = Symbol('SQUARE_SETTINGS');

const WEB_SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

const API_URLS = { sandbox: SquareEnvironment.Sandbox, production: SquareEnvironment.Production } as const;

/** Square's own addresses for an environment, unless `baseUrl` points elsewhere (a running emulator). */
export function squareAddresses(environment: SquareSettings['environment'], baseUrl?: string): Pick<SquareSettings, 'baseUrl' | 'webSdkUrl'> {
  if (baseUrl) {
    const base = baseUrl.replace(/\/+$/, '');
    return { baseUrl: base, webSdkUrl: `${base}/v1/square.js` };
  }
  return { baseUrl: API_URLS[environment], webSdkUrl: WEB_SDK_URLS[environment] };
}
