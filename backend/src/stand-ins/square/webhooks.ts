import { createHmac, randomUUID } from 'node:crypto';
import { EMULATOR_MERCHANT_ID } from './emulator-identity';

/** Where the emulator sends its webhooks, and the key it signs them with (as a Square webhook subscription). */
export interface WebhookSubscription {
  notificationUrl: string;
  signatureKey: string;
}

/** Something that happened in the emulator that Square would announce. */
export interface EmulatorNotice {
  /** Square's event type, such as `inventory.count.updated`. */
  type: string;
  /** `data.type`, such as `inventory_counts`. */
  dataType: string;
  /** `data.object`. */
  object: Record<string, unknown>;
  /** Whether `data.id` is sent (Square's `catalog.version.updated` has none). */
  withId?: boolean;
  /** `data.id` when it names the object (a refund's id); otherwise a new id. */
  id?: string;
}

export interface DeliveryAttempt {
  at: string;
  /** The answer's status, or the network error. */
  status?: number;
  error?: string;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  notificationUrl: string;
  body: string;
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
}

export interface WebhookOptions {
  /** Waits before each retry of a delivery not answered with 2xx; its length bounds the retries. */
  retryDelaysMs?: readonly number[];
  /** How long one attempt may take (Square: 10 s). */
  timeoutMs?: number;
}

/** Square retries a failed delivery with backoff; the emulator does so five times over about six minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 60_000, 300_000] as const;

/** The `x-square-hmacsha256-signature` of a body sent to a URL: base64 HMAC-SHA256 of the URL followed by the body. */
export function webhookSignature(signatureKey: string, notificationUrl: string, body: string): string {
  return createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');
}

/**
 * Sends Square's webhooks to the subscribed notification URLs: one event per notice, signed as
 * Square signs, retried with backoff while the answer is not 2xx, always with the same `event_id`
 * and body. Deliveries run in the background; `settled()` waits for the ones under way.
 */
export class WebhookSender {
  private readonly subscriptions = new Map<string, WebhookSubscription>();
  private readonly sent: WebhookDelivery[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private options: Required<WebhookOptions>;

  constructor(options: WebhookOptions = {}) {
    this.options = { retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, timeoutMs: options.timeoutMs ?? 10_000 };
  }

  /** Adds (or replaces, by URL) a subscription; `options` change the retry timing for all. */
  subscribe(subscription: WebhookSubscription, options: WebhookOptions = {}): void {
    this.subscriptions.set(subscription.notificationUrl, { ...subscription });
    this.options = { retryDelaysMs: options.retryDelaysMs ?? this.options.retryDelaysMs, timeoutMs: options.timeoutMs ?? this.options.timeoutMs };
  }

  unsubscribe(notificationUrl?: string): void {
    if (notificationUrl) this.subscriptions.delete(notificationUrl);
    else this.subscriptions.clear();
  }

  list(): WebhookSubscription[] {
    return [...this.subscriptions.values()].map((s) => ({ notificationUrl: s.notificationUrl, signatureKey: '…' }));
  }

  /** Every delivery made or under way, oldest first. */
  deliveries(): WebhookDelivery[] {
    return structuredClone(this.sent);
  }

  /** Resolves when every delivery under way has been delivered or given up. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  publish(notice: EmulatorNotice): void {
    if (this.closed) return;
    for (const subscription of this.subscriptions.values()) {
      const eventId = randomUUID();
      const body = JSON.stringify({
        merchant_id: EMULATOR_MERCHANT_ID,
        type: notice.type,
        event_id: eventId,
        created_at: new Date().toISOString(),
        data: { type: notice.dataType, ...(notice.withId === false ? {} : { id: notice.id ?? randomUUID() }), object: notice.object },
      });
      const delivery: WebhookDelivery = { eventId, type: notice.type, notificationUrl: subscription.notificationUrl, body, attempts: [], state: 'pending' };
      this.sent.push(delivery);
      const run = this.deliver(subscription, delivery).finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async deliver(subscription: WebhookSubscription, delivery: WebhookDelivery): Promise<void> {
    const signature = webhookSignature(subscription.signatureKey, subscription.notificationUrl, delivery.body);
    for (let attempt = 0; ; attempt++) {
      const at = new Date().toISOString();
      try {
        const res = await fetch(subscription.notificationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature, 'user-agent': 'Square Connect v2' },
          body: delivery.body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        delivery.attempts.push({ at, status: res.status });
        if (res.ok) {
          delivery.state = 'delivered';
          return;
        }
      } catch (error) {
        delivery.attempts.push({ at, error: error instanceof Error ? error.message : String(error) });
      }
      const wait = this.options.retryDelaysMs[attempt];
      if (wait === undefined || this.closed) {
        delivery.state = 'failed';
        return;
      }
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          done();
        }, wait);
        this.timers.add(timer);
      });
      if (this.closed) {
        delivery.state = 'failed';
        return;
      }
    }
  }
}
