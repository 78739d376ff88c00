import { Inject, Injectable, Logger } from '@nestjs/common';
import { SquareClient } from 'square';
import { Products, StockAlertsReader, variantOf, type StockAdjusted, type StockRestocked, type StockSold } from '../../catalog';
import type { RequestContext } from '../../platform/context/request-context';
import type { RecordedEvent } from '../../platform/event-store/recorded-event';
import { OnEvent } from '../../platform/jobs/event-jobs';
import { classifySquareError } from '../square-errors';
import { shopStockChange, type ShopStockChange } from './shop-stock-change';
import { StockPushTurns } from './stock-push-turns';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';

type PushOutcome = 'pushed' | 'not-linked' | 'already-pushed' | 'refused';

/**
 * Sends each online sale to Square as an inventory ADJUSTMENT of the variant's variation, from the
 * worker (the outbox routes `StockSold` to the `square` queue, job id = event id), with the event id
 * as idempotency key so a retried job adjusts once. Square's answer (the count right after) is
 * recorded on the product stream (`StockPushedToSquare`), which ends the sale's wait as "unpushed".
 */
@Injectable()
export class StockPushJob {
  private readonly logger = new Logger('SquareStock');

  constructor(
    private readonly products: Products,
    private readonly waiting: StockAlertsReader,
    private readonly square: SquareClient,
    private readonly turns: StockPushTurns,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  @OnEvent<StockSold | StockRestocked | StockAdjusted>(['StockSold', 'StockRestocked', 'StockAdjusted'], { queue: 'square', job: 'stock-push' })
  async onStockChange(event: RecordedEvent<StockSold | StockRestocked | StockAdjusted>, caller: RequestContext) {
    const change = shopStockChange(event);
    return change ? this.push(change, caller) : 'not-a-stock-change';
  }

  /**
   * Sends every change of the product still waiting, before a count Square reported (a webhook's, a
   * sync's) is applied to it. A count holds what Square had when it counted, and while a push's answer
   * is on its way its change still waits: a count applied then would take the change twice, once in
   * Square's count and once as waiting. Sent again under its own key, a change Square has gets its
   * first answer, recorded now, and one it has not goes now; the count is then either newer than that
   * answer (and holds the change, no longer waiting) or not newer (and is not applied). In the
   * product's turn, so a push still on its way is answered first. Nothing waiting: nothing to wait for
   * (a change made after the check was taken after the count too).
   */
  async sendWaiting(productId: number, caller: RequestContext): Promise<void> {
    if ((await this.waiting.waitingOf(productId)).length === 0) return;
    await this.turns.inTurn(productId, async () => {
      for (const waiting of await this.waiting.waitingOf(productId)) await this.sendStored(waiting.eventId, caller);
    });
  }

  /**
   * Sends one change in the product's turn, after the product's changes made before it that still
   * wait (an earlier push whose answer was lost, or whose job is yet to run): Square's answer counts
   * every change it took, so each answer is recorded only once those before it are.
   */
  push(change: ShopStockChange, caller: RequestContext): Promise<PushOutcome> {
    return this.turns.inTurn(change.productId, async () => {
      const waiting = await this.waiting.waitingOf(change.productId);
      const at = waiting.findIndex((w) => w.eventId === change.eventId);
      for (const { eventId } of waiting.slice(0, Math.max(at, 0))) await this.sendStored(eventId, caller);
      return this.send(change, caller);
    });
  }

  private async sendStored(eventId: string, caller: RequestContext): Promise<void> {
    const stored = await this.waiting.storedEvent(eventId);
    const change = stored && shopStockChange(stored);
    if (change) await this.send(change, caller);
  }

  /**
   * Sends one change, unless the product stream says Square has it already (or refused it). A
   * refusal for good (a 4xx but 409 and 429: the variation deleted in Square, say) is recorded on
   * the product stream (`StockPushRefused`, shown to the studio) and ends the job; anything else
   * (Square down, a timeout) fails it, to be retried with the same key, by BullMQ or the sweep.
   * Only in the product's turn.
   */
  private async send(change: ShopStockChange, caller: RequestContext): Promise<PushOutcome> {
    const state = await this.products.load(change.productId);
    const variant = state.exists ? variantOf(state, change.variantId) : undefined;
    if (!variant?.squareVariationId) {
      this.logger.log(`Stock change ${change.change} of product ${change.productId} (${change.variantId}) not sent to Square: the variant is not linked to a Square item variation`);
      return 'not-linked';
    }
    if (!(change.change in variant.unpushed)) return 'already-pushed';
    const variation = variant.squareVariationId;
    const location = this.settings.locationId;
    const answer = await this.square.inventory
      .batchCreateChanges({
        idempotencyKey: change.eventId,
        changes: [
          {
            type: 'ADJUSTMENT',
            adjustment: {
              catalogObjectId: variation,
              fromState: change.fromState,
              toState: change.toState,
              fromLocationId: location,
              toLocationId: location,
              quantity: String(Math.abs(change.quantity)),
              occurredAt: change.occurredAt,
              referenceId: change.referenceId,
            },
          },
        ],
      })
      .catch((error: unknown) => ({ refusal: classifySquareError(error), error }));
    if ('refusal' in answer) {
      const { refusal, error } = answer;
      if (refusal.kind !== 'rejected') throw error;
      await this.products.run(
        change.productId,
        { kind: 'RecordSquareRefusal', variantId: change.variantId, change: change.change, status: refusal.status, code: refusal.code, detail: refusal.detail },
        caller,
      );
      this.logger.warn(`Stock change ${change.change} of product ${change.productId} (${change.variantId}) refused by Square for good: ${refusal.message}`);
      return 'refused';
    }
    const count = answer.counts?.find((c) => c.catalogObjectId === variation && c.locationId === location && c.state === 'IN_STOCK');
    const reading = count?.quantity != null && count.calculatedAt ? { squareCount: Number(count.quantity), squareCountAt: count.calculatedAt } : {};
    await this.products.run(change.productId, { kind: 'RecordSquarePush', variantId: change.variantId, change: change.change, ...reading }, caller);
    this.logger.log(`Stock change ${change.change} of product ${change.productId} sent to Square (${change.quantity}); Square counts ${count?.quantity ?? 'unknown'}`);
    if (reading.squareCount !== undefined && reading.squareCount < 0) this.logger.warn(`Product ${change.productId} oversold at the stall: Square counts ${reading.squareCount}`);
    return 'pushed';
  }
}
