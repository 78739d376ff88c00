import { ok, type SquareConfig } from '@dark-circle/api-client';
import { api } from '../api/client';

/** `GET /api/square/config`: which card script to load and which account it charges into. */
export type { SquareConfig };

/** The part of Square's Web Payments SDK the card form uses (its stand-in in development has the same). */
export interface TokenizeResult {
  status: 'OK' | 'Error' | 'Invalid' | string;
  token?: string;
  details?: { card?: { brand?: string; last4?: string } };
  errors?: { type?: string; field?: string; message: string }[];
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<TokenizeResult>;
  destroy(): Promise<boolean | void>;
}

interface SquarePayments {
  card(options?: unknown): Promise<SquareCard>;
}

interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

export const fetchSquareConfig = () => ok(api().GET('/api/square/config'));

const loading = new Map<string, Promise<SquareGlobal>>();

/** Loads the card script of the configured environment once per page; a failed load can be tried again. */
export function loadSquareScript(url: string): Promise<SquareGlobal> {
  if (window.Square) return Promise.resolve(window.Square);
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<SquareGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.Square ? resolve(window.Square) : reject(new Error('The card script did not define Square')));
      script.onerror = () => {
        script.remove();
        loading.delete(url);
        reject(new Error(`Could not load ${url}`));
      };
      document.head.append(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

/** A card form attached to `container`, in the account `config` names. */
export async function createCardForm(config: SquareConfig, container: HTMLElement): Promise<SquareCard> {
  const square = await loadSquareScript(config.webSdkUrl);
  const card = await square.payments(config.applicationId, config.locationId).card();
  await card.attach(container);
  return card;
}
