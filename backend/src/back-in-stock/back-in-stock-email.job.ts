import { Injectable, Logger } from '@nestjs/common';
import { emailImageUrls, productIdOf, Products, upcastProductEvent, type ProductSnapshot, type StockAdjusted, type StockRestocked, type StockSet } from '../catalog';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import { DomainError } from '../platform/errors/domain-error';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { BackInStockService } from './back-in-stock.service';
import { backInStockEmail, type CameBack } from './back-in-stock.email';
import { requestStream, type BackInStockConfirmed } from './request.events';
import { RequestLinks } from './request-links';
import { WaitingListReader } from './waiting-list.reader';
import { buyable, productPath } from './waited-variant';

/**
 * Tells the waiting addresses that a variant can be bought again: after a stock change (the
 * studio's restock, a refund's units back on the shelf, a count from Square) and after a
 * confirmation (someone who confirmed once it was already back). A confirmed request exists only for
 * a variant that could not be bought when it was asked, so the first of these to find the variant
 * buyable is its coming back; a stock change that finds nobody waiting sends nothing.
 * Every address once, in the order they asked, across any number of workers: each email is claimed
 * on its request's stream before it is sent (the append at the stream's version lets one job win),
 * sent only by the job that claimed it, then recorded. The claim names the job (the event's id,
 * which BullMQ's retries keep), so a job that failed or died after claiming sends on its retry,
 * and no other job sends that email at all.
 */
@Injectable()
export class BackInStockEmailJob {
  private readonly logger = new Logger('BackInStock');

  constructor(
    private readonly backInStock: BackInStockService,
    private readonly products: Products,
    private readonly waiting: WaitingListReader,
    private readonly links: RequestLinks,
    private readonly mail: Mail,
  ) {}

  @OnEvent<StockSet | StockRestocked | StockAdjusted>(['StockSet', 'StockRestocked', 'StockAdjusted'], {
    queue: 'email',
    job: 'back-in-stock',
    // A stock change that leaves the variant unbuyable can bring nobody news: no job for it.
    when: (event) => event.type === 'StockRestocked' || (event.data.inStock && event.data.stockQuantity > 0),
  })
  onStockChange(event: RecordedEvent<StockSet | StockRestocked | StockAdjusted>, caller: RequestContext) {
    const productId = productIdOf(event.streamId);
    // Events from before variants name none: they moved the product's only one.
    const [change] = upcastProductEvent(event, productId) as RecordedEvent<StockSet | StockRestocked>[];
    return this.tellWaiting(productId, change.data.variantId, event.eventId, caller);
  }

  @OnEvent<BackInStockConfirmed>('BackInStockConfirmed', { queue: 'email', job: 'back-in-stock-confirmed' })
  async onConfirmed(event: RecordedEvent<BackInStockConfirmed>, caller: RequestContext) {
    const request = await this.backInStock.load(requestStream.idOf(event.streamId));
    return request.exists ? this.tellWaiting(request.productId, request.variantId, event.eventId, caller) : 'not-in-stock';
  }

  /**
   * Emails every confirmed request of the variant, first asked first, when it can be bought now, as
   * job `jobId`: those another job claimed are its to send. An address whose email fails does not
   * hold up the others: the job fails after trying them all, and its retry sends only what is still
   * unrecorded (its own claims included).
   */
  async tellWaiting(productId: number, variantId: string, jobId: string, caller: RequestContext): Promise<{ told: number } | 'not-in-stock'> {
    const variant = await this.products.snapshot(productId, variantId);
    if (!buyable(variant)) return 'not-in-stock';
    const requestIds = await this.waiting.waitingFor(productId, variantId);
    if (requestIds.length === 0) return { told: 0 };
    const [imageUrl] = await emailImageUrls(this.products, this.mail.shop.publicUrl, [productId]);
    const piece: CameBack = { name: variant.name, variantName: variant.variantName, priceCents: variant.priceCents, imageUrl };
    let told = 0;
    const failed: unknown[] = [];
    for (const requestId of requestIds) {
      try {
        if (await this.tell(requestId, variant, piece, jobId, caller)) told++;
      } catch (error) {
        failed.push(error);
      }
    }
    if (failed.length > 0) throw new Error(`${failed.length} of ${requestIds.length} back-in-stock emails for ${variantId} failed: ${String(failed[0])}`);
    if (told > 0) this.logger.log(`${told} back-in-stock emails sent for variant ${variantId}`);
    return { told };
  }

  /** One address: only a request still confirmed (not emailed, not withdrawn meanwhile) and claimed by this job is sent to, and the send is recorded. */
  private async tell(requestId: string, variant: ProductSnapshot, piece: CameBack, jobId: string, caller: RequestContext): Promise<boolean> {
    const request = await this.backInStock.load(requestId);
    if (!request.exists || request.status !== 'confirmed' || request.variantId !== variant.variantId) return false;
    if (!(await this.claim(requestId, request.round, jobId, caller))) return false;
    const productUrl = `${this.mail.shop.publicUrl}${productPath(variant.productId, variant.variantId)}`;
    const { messageId } = await this.mail.send(await backInStockEmail(request, piece, productUrl, this.links.leaveUrl(requestId), this.mail.shop));
    await this.backInStock.run(requestId, { kind: 'RecordEmailSent', round: request.round, jobId, messageId }, caller);
    return true;
  }

  /** Whether this job holds the round's claim now: made by this call or by an earlier attempt of the same job. */
  private async claim(requestId: string, round: number, jobId: string, caller: RequestContext): Promise<boolean> {
    try {
      const { state } = await this.backInStock.run(requestId, { kind: 'ClaimEmail', round, jobId }, caller);
      return state.exists && state.status === 'confirmed' && state.round === round && state.claimedBy === jobId;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'EMAIL_CLAIMED') return false;
      throw error;
    }
  }
}
