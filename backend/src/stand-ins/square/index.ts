import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { allPayments, createEmulatorServer } from './emulator-server';
import type { PaymentRaw } from './emulator-state';
import type { PaymentRefundRaw } from './refunds';
import { StateStore } from './emulator-state';
import { Faults } from './faults';
import { RefundSettlement } from './refund-settlement';
import { seedDemoCatalog } from './seed';
import { WebhookSender, type WebhookOptions, type WebhookSubscription } from './webhooks';

export { EMULATOR_ACCESS_TOKEN, EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID, EMULATOR_WEBHOOK_SIGNATURE_KEY } from './emulator-identity';
export type { Fault, Operation } from './faults';
export type { RefundOutcome, RefundSettlement } from './refund-settlement';
export type { PaymentRaw } from './emulator-state';
export type { WebhookDelivery, WebhookOptions, WebhookSubscription } from './webhooks';
export { webhookSignature, WebhookSender } from './webhooks';

export interface SquareEmulatorOptions {
  port: number;
  host?: string;
  /** Where its state is kept across restarts; unset: memory only. */
  dataDir?: string;
  /** Where to send webhooks (more can be added with `webhooks.subscribe`), and their retry timing. */
  webhook?: WebhookSubscription & WebhookOptions;
  /** How long a card refund stays `PENDING` before it completes on its own (default 100 ms). */
  refundSettleMs?: number;
  /**
   * The folder of the demo catalogue's images, served at `/images/products/<name>.svg` (the
   * storefront's, given by whoever starts the emulator); unset: no images are served.
   */
  imagesDir?: string;
}

/** A running emulator, with the controls tests use from the same process. */
export interface SquareEmulator {
  url: string;
  /** Faults lined up for the next calls (`faults.next('CreatePayment', { kind: 'slow', delayMs: 3000 })`). */
  faults: Faults;
  /** Every payment made, failed ones included, oldest first. */
  payments(): PaymentRaw[];
  /** Every refund made, oldest first. */
  refunds(): PaymentRefundRaw[];
  /** How card refunds leave `PENDING`: `refundSettlement.hold()`, then `.settle(id, 'COMPLETED' | 'FAILED' | 'REJECTED')`. */
  refundSettlement: RefundSettlement;
  /** Its webhook subscriptions and deliveries (`inventory.count.updated` when counts change). */
  webhooks: WebhookSender;
  close(): Promise<void>;
}

const CARD_SCRIPT_FILE = join(__dirname, 'card-form.js');

/**
 * Starts the Square sandbox emulator (development and tests only): Square's REST API for the calls
 * the shop makes, the card form stand-in at /v1/square.js, and its state in `dataDir`. A new state
 * starts with the studio's location and the demo catalogue.
 */
export async function startSquareEmulator(options: SquareEmulatorOptions): Promise<SquareEmulator> {
  const store = await StateStore.open(options.dataDir);
  const faults = new Faults();
  const webhooks = new WebhookSender(options.webhook);
  if (options.webhook) webhooks.subscribe(options.webhook);
  const refundSettlement = new RefundSettlement(store, webhooks, options.refundSettleMs);
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const { server, cancelDelays } = createEmulatorServer({
    store,
    faults,
    webhooks,
    refunds: refundSettlement,
    cardScript: readFileSync(CARD_SCRIPT_FILE, 'utf8'),
    imagesDir: options.imagesDir ?? '',
    baseUrl: () => url,
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  if (seedDemoCatalog(store.state)) await store.save();

  return {
    url,
    faults,
    payments: () => allPayments({ store }),
    refunds: () => Object.values(store.state.refunds),
    refundSettlement,
    webhooks,
    async close() {
      cancelDelays();
      refundSettlement.close();
      webhooks.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await store.flush();
    },
  };
}
