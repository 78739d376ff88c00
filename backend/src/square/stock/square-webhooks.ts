import { Inject, Injectable, Logger, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { WebhooksHelper } from 'square';
import { z } from 'zod';
import { Products, SquareLinksReader } from '../../catalog';
import type { RequestContext } from '../../platform/context/request-context';
import { requestedBy } from '../../platform/jobs/job-caller';
import { QueueRegistry, withTimeout } from '../../platform/outbox/queue.registry';
import { CATALOG_SYNC_JOB, type CatalogSyncJobData } from '../catalog-sync/catalog-sync';
import { CatalogSyncState } from '../catalog-sync/catalog-sync-state';
import { SquareFulfillmentReports } from '../fulfillment/square-fulfillment-reports';
import { SquareFulfillments } from '../fulfillment/square-fulfillments';
import { SquareRefundReports } from '../refunds/square-refund-reports';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';
import type { WebhookOutcome } from './square-webhooks.responses';
import { StockPushJob } from './stock-push.job';

export const SQUARE_WEBHOOKS_PATH = '/api/square/webhooks';

/** What Square sends (its `InventoryCount`): only the fields the shop reads are checked. */
const inventoryCount = z.object({
  catalog_object_id: z.string().min(1).max(200),
  location_id: z.string().min(1).max(200),
  state: z.string().max(50),
  quantity: z.string().regex(/^-?\d{1,15}(\.\d{1,5})?$/),
  calculated_at: z.string().refine((at) => !Number.isNaN(Date.parse(at)), 'is not an RFC 3339 time'),
});

/** What Square sends of a refund (its `PaymentRefund`): only the fields the shop reads are checked. */
const paymentRefund = z.object({ id: z.string().min(1).max(255), payment_id: z.string().min(1).max(192), status: z.string().max(50) }).passthrough();

/**
 * What Square sends of an order's change (`order_updated`, `order_fulfillment_updated`): which order,
 * at which version (none on an order not created through the API, such as a sale at the stall).
 */
const orderChange = z.object({ order_id: z.string().min(1).max(192).nullish(), version: z.int().min(0).max(1_000_000_000).nullish() }).passthrough();

export const webhookEvent = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  merchant_id: z.string().max(200).nullish(),
  created_at: z.string().max(100).nullish(),
  data: z
    .object({
      object: z
        .object({
          inventory_counts: z.array(inventoryCount).max(1000).nullish(),
          refund: paymentRefund.nullish(),
          order_updated: orderChange.nullish(),
          order_fulfillment_updated: orderChange.nullish(),
          // `catalog.version.updated`: the new catalogue version's time (the `updated_at` the write that made it was answered with).
          catalog_version: z
            .object({ updated_at: z.string().max(100).nullish() })
            .passthrough()
            .nullish(),
        })
        .passthrough()
        .nullish(),
    })
    .passthrough()
    .nullish(),
});

export type WebhookEvent = z.infer<typeof webhookEvent>;

export type { WebhookOutcome };

/**
 * Square's webhooks: the signature is checked (awaited: `verifySignature` returns a promise), each
 * delivery is handled once by its `event_id`, and counts are applied through the Product decider,
 * which never lets an older count move stock after a newer one.
 */
@Injectable()
export class SquareWebhooks implements OnModuleInit {
  private readonly logger = new Logger('SquareWebhooks');

  constructor(
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
    private readonly orm: MikroORM,
    private readonly squareLinks: SquareLinksReader,
    private readonly refundReports: SquareRefundReports,
    private readonly products: Products,
    private readonly queues: QueueRegistry,
    private readonly fulfillments: SquareFulfillments,
    private readonly fulfillmentReports: SquareFulfillmentReports,
    private readonly syncState: CatalogSyncState,
    private readonly pushes: StockPushJob,
  ) {}

  onModuleInit(): void {
    if (!this.settings.webhookSignatureKey) {
      this.logger.warn(`SQUARE_WEBHOOK_SIGNATURE_KEY is not set: Square's webhooks to ${SQUARE_WEBHOOKS_PATH} are refused, so stall sales reach the shop only with the catalogue sync`);
    }
  }

  /** True only for a body signed with the shop's key for exactly this notification URL. */
  async signedBySquare(rawBody: string, signature: string | undefined, notificationUrl: string): Promise<boolean> {
    const signatureKey = this.settings.webhookSignatureKey;
    if (!signatureKey || !signature) return false;
    try {
      return await WebhooksHelper.verifySignature({ requestBody: rawBody, signatureHeader: signature, signatureKey, notificationUrl });
    } catch {
      return false;
    }
  }

  async handle(event: WebhookEvent, caller: RequestContext): Promise<WebhookOutcome> {
    const em = this.orm.em.fork();
    const [seen] = await em.getConnection().execute<unknown[]>('select 1 from square_webhook_deliveries where event_id = ?', [event.event_id]);
    if (seen) return { received: true, duplicate: true };
    const asSquare: RequestContext = { ...caller, actor: 'square' };
    let applied: number | undefined;
    let ownWrite = false;
    if (event.type === 'inventory.count.updated') applied = await this.applyCounts(event, asSquare);
    else if (event.type === 'catalog.version.updated') ownWrite = await this.startCatalogSync(event, asSquare);
    else if (event.type === 'refund.created' || event.type === 'refund.updated') await this.recordRefund(event, asSquare);
    else if (event.type === 'order.updated' || event.type === 'order.fulfillment.updated') await this.recordFulfillment(event, asSquare);
    else this.logger.log(`Square webhook ${event.type} (${event.event_id}) ignored`);
    // Recorded after it was handled: a delivery that failed half-way is handled again when Square retries
    // (safe: a count applied already is not newer the second time).
    await em.getConnection().execute('insert into square_webhook_deliveries (event_id, type) values (?, ?) on conflict do nothing', [event.event_id, event.type]);
    return { received: true, ...(applied === undefined ? {} : { applied }), ...(ownWrite ? { ownWrite } : {}) };
  }

  private async applyCounts(event: WebhookEvent, caller: RequestContext): Promise<number> {
    let applied = 0;
    for (const count of event.data?.object?.inventory_counts ?? []) {
      if (count.state !== 'IN_STOCK' || count.location_id !== this.settings.locationId) continue;
      const productId = await this.squareLinks.productOfVariation(count.catalog_object_id);
      if (productId === undefined) {
        this.logger.log(`Square count of variation ${count.catalog_object_id} ignored: no product follows it`);
        continue;
      }
      // The shop's changes Square may already hold are settled first, so the count takes none twice;
      // while Square does not take them the delivery fails, and Square sends it again.
      await this.pushes.sendWaiting(productId, caller).catch((error: unknown) => {
        this.logger.warn(
          `Square count of product ${productId} not applied yet: its waiting stock changes were not taken (${error instanceof Error ? error.message : error}); Square will deliver it again`,
        );
        throw new ServiceUnavailableException({ message: "Square did not take the shop's stock changes; the delivery will be retried.", code: 'SQUARE_UNAVAILABLE' });
      });
      const command = { kind: 'ApplySquareCount' as const, squareVariationId: count.catalog_object_id, quantity: Number(count.quantity), calculatedAt: count.calculated_at };
      const { events } = await this.products.run(productId, command, caller);
      if (events.length) applied++;
      if (Number(count.quantity) < 0) this.logger.warn(`Product ${productId} oversold at the stall: Square counts ${count.quantity}`);
    }
    return applied;
  }

  /** A refund's new status: a pending refund completes (restock, email) or fails (its amount freed) on the order it refunds. */
  private async recordRefund(event: WebhookEvent, caller: RequestContext): Promise<void> {
    const refund = event.data?.object?.refund;
    if (!refund) return;
    const recorded = await this.refundReports.report({ id: refund.id, paymentId: refund.payment_id, status: refund.status }, caller);
    if (!recorded) this.logger.log(`Square refund ${refund.id} (${refund.status}) changed nothing: no pending refund of the shop's is waiting for it`);
  }

  /**
   * An order changed in Square (the studio moved its fulfillment in the Order Manager, or it echoes
   * the shop's own update): its fulfillment is read as Square holds it now, since the delivery names
   * only the order and its version, and recorded on the shop's order it books, which ignores a
   * version it has seen already. Orders of another location, or without a fulfillment (the stall's
   * sales), are left alone; while Square does not answer the delivery fails, so Square sends it again.
   */
  private async recordFulfillment(event: WebhookEvent, caller: RequestContext): Promise<void> {
    const change = event.data?.object?.order_fulfillment_updated ?? event.data?.object?.order_updated;
    // Without a version the order was not created through the API: not one of the shop's.
    if (!change?.order_id || change.version == null) return;
    const read = await this.fulfillments.read(change.order_id);
    if (!read.ok && read.failure.kind === 'unknown') {
      throw new ServiceUnavailableException({ message: 'Square did not answer for the order; the delivery will be retried.', code: 'SQUARE_UNAVAILABLE' });
    }
    if (!read.ok) {
      this.logger.warn(`Square order ${change.order_id} of webhook ${event.event_id} could not be read: ${read.failure.message}`);
      return;
    }
    const seen = read.value;
    if (!seen || seen.locationId !== this.settings.locationId) return;
    const recorded = await this.fulfillmentReports.report({ fulfillment: seen, deliveredVersion: change.version }, caller);
    if (recorded) this.logger.log(`Square order ${seen.orderId} (version ${seen.version}): fulfillment ${seen.state} recorded on the shop's order`);
  }

  /**
   * A catalogue change: nothing when it is the shop's own write (its version's time is one a write
   * of the shop's was answered with); otherwise a sync of what changed since the last one. True
   * when it was the shop's own. The write-back records its write before its turn ends, and the sync
   * waits for its turn, so an echo that comes before the write is recorded is still told apart there.
   */
  private async startCatalogSync(event: WebhookEvent, caller: RequestContext): Promise<boolean> {
    const catalogUpdatedAt = event.data?.object?.catalog_version?.updated_at ?? undefined;
    if (catalogUpdatedAt && (await this.syncState.isOwnWrite(catalogUpdatedAt))) {
      this.logger.log(`Square webhook catalog.version.updated (${event.event_id}) is the shop's own write: no sync`);
      return true;
    }
    const data: CatalogSyncJobData = { ...requestedBy(caller), changes: { catalogUpdatedAt } };
    // One sync per catalogue change, whoever hears of it; a retried delivery adds nothing.
    await withTimeout(this.queues.get('square').add(CATALOG_SYNC_JOB, data, { jobId: `catalog-version-${event.event_id}`, removeOnComplete: 100, removeOnFail: 100 }), 3000).catch(() => {
      throw new ServiceUnavailableException({ message: 'The job queue is unavailable; the delivery will be retried.', code: 'QUEUE_UNAVAILABLE' });
    });
    return false;
  }
}
