import { Injectable, Logger } from '@nestjs/common';
import { lineName, productIdOf, Products, productStream, upcastProductEvent, variantOf, type ProductEvent, type StockPushedToSquare, type StockSet, type StockSold } from '../catalog';
import { OrderReader } from '../orders';
import type { RequestContext } from '../platform/context/request-context';
import { EventStore } from '../platform/event-store/event-store';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import type { IncidentOrder } from './incident.events';
import { incidentIdFor, Incidents } from './incidents';
import { IncidentsReader } from './incidents.reader';
import { latestSquareCount, oversoldOrders } from './oversold-orders';

const belowZero = (event: { data: { squareCount?: number } }) => event.data.squareCount !== undefined && event.data.squareCount < 0;

/**
 * Turns a count of Square below zero, applied to a variant (a webhook's or a sync's `StockSet`, or
 * the answer to the shop's own push, `StockPushedToSquare`), into an incident naming the online
 * orders involved (oversold-orders.ts). A sale paid through a Square order is in Square's count
 * from its payment: the count read after it names it; one recorded after that count was read
 * (`counted`) is weighed against it when the sale is recorded. While the variant has an open incident, the count is folded
 * into it; otherwise it opens the variant's next one, leaving out orders an earlier, resolved one
 * named (the studio settled those). A count that involves no online order opens nothing (the
 * dashboard's stock alert still shows the count). Runs in the worker from the outbox, so a process
 * that dies leaves the job to be run again; running it twice changes nothing more.
 */
@Injectable()
export class OversoldIncidentJob {
  private readonly logger = new Logger('Incidents');

  constructor(
    private readonly store: EventStore,
    private readonly products: Products,
    private readonly orders: OrderReader,
    private readonly incidents: Incidents,
    private readonly reader: IncidentsReader,
  ) {}

  @OnEvent<StockSet | StockPushedToSquare | StockSold>(['StockSet', 'StockPushedToSquare', 'StockSold'], {
    queue: 'checkout',
    job: 'oversold-incident',
    // A sale paid through a Square order recorded after a count that showed it: that count may have been below zero before the sale was on the stream.
    when: (event) => (event.type === 'StockSold' ? event.data.square === 'counted' : belowZero(event)),
  })
  async onCountBelowZero(event: RecordedEvent<StockSet | StockPushedToSquare | StockSold>, caller: RequestContext) {
    const productId = productIdOf(event.streamId);
    const [applied] = upcastProductEvent(event, productId) as (StockSet | StockPushedToSquare | StockSold)[];
    const { events } = await this.store.readStream<ProductEvent>(productStream(productId).id);
    // The stream as it stood when the event was applied: later sales are not this count's.
    const upTo = events.filter((e) => e.version <= event.version).flatMap((e) => upcastProductEvent(e, productId));
    const squareCount = applied.type === 'StockSold' ? latestSquareCount(upTo, applied.data.variantId) : applied.data.squareCount;
    if (squareCount === undefined || squareCount >= 0) return 'not-below-zero';
    return this.report(productId, applied.data.variantId, squareCount, upTo, caller);
  }

  /** The incident for a count below zero of `variantId`, read from the product's events as they stood when it was applied. */
  private async report(productId: number, variantId: string, squareCount: number, upTo: ProductEvent[], caller: RequestContext): Promise<'opened' | 'folded' | 'no-online-order'> {
    const involved = oversoldOrders(upTo, variantId);
    const earlier = await this.reader.ofVariant(variantId);
    const open = earlier.find((i) => i.open);
    const settled = new Set(earlier.filter((i) => !i.open).flatMap((i) => i.orderIds));
    const orderIds = involved.filter((id) => !settled.has(id));
    if (!open && orderIds.length === 0) {
      this.logger.warn(`Product ${productId} (${variantId}): Square counts ${squareCount}, with no online order involved: no incident`);
      return 'no-online-order';
    }
    const incidentId = open?.id ?? incidentIdFor(variantId, earlier.length + 1);
    // A resolved incident here (resolved since it was read) fails the job: its retry reads again and opens the next one.
    const result = await this.incidents.run(
      incidentId,
      { kind: 'ReportOversell', incidentId, productId, variantId, name: await this.nameOf(productId, variantId), orders: await this.numbered(orderIds), squareCount },
      caller,
    );
    const opened = result.events.some((e) => e.type === 'IncidentOpened');
    if (opened) this.logger.warn(`Incident ${incidentId}: product ${productId} (${variantId}) sold online and at the stall; Square counts ${squareCount}`);
    return opened ? 'opened' : 'folded';
  }

  private async numbered(orderIds: string[]): Promise<IncidentOrder[]> {
    const rows = await Promise.all(orderIds.map((id) => this.orders.byId(id)));
    // A sale is recorded after its order was numbered; the id stands in should a number be missing.
    return orderIds.map((orderId, i) => ({ orderId, orderNumber: rows[i]?.orderNumber ?? orderId }));
  }

  private async nameOf(productId: number, variantId: string): Promise<string> {
    const product = await this.products.load(productId);
    const variant = product.exists ? variantOf(product, variantId) : undefined;
    return product.exists && variant ? lineName(product.name, variant) : `Product ${productId}`;
  }
}
