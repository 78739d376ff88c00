import { Inject, Injectable, Logger } from '@nestjs/common';
import { Square, SquareClient, SquareError } from 'square';
import type { SquareAnswer } from '../payments';
import { classifySquareError } from '../square-errors';
import { SQUARE_SETTINGS, SquareSettings } from '../square-settings';

/** A Square fulfillment's states, as Square names them. */
export type FulfillmentState = 'PROPOSED' | 'RESERVED' | 'PREPARED' | 'COMPLETED' | 'CANCELED' | 'FAILED';

/** A Square order's fulfillment as the shop reads it, at the order's version. */
export interface SeenFulfillment {
  orderId: string;
  version: number;
  locationId: string;
  /** The shop's order number, or the checkout's id before it was paid. */
  referenceId: string | undefined;
  uid: string;
  /** `PICKUP` or `SHIPMENT` (the shop makes no other). */
  type: string;
  state: FulfillmentState;
  carrier: string | null;
  trackingNumber: string | null;
}

/** What a shipment is handed to the carrier with. */
export interface ShipmentNews {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** The step after each: Square refuses a jump. */
const NEXT: Partial<Record<FulfillmentState, FulfillmentState>> = { PROPOSED: 'RESERVED', RESERVED: 'PREPARED', PREPARED: 'COMPLETED' };
const RANK: Record<FulfillmentState, number> = { PROPOSED: 0, RESERVED: 1, PREPARED: 2, COMPLETED: 3, CANCELED: 3, FAILED: 3 };
const STATES = new Set<string>(Object.keys(RANK));
/** Steps (three at most) and re-reads after another change moved the order meanwhile. */
const ROUNDS = 10;
/** Square's fields are long; the shop keeps what a person reads. */
const clip = (text: string | null | undefined): string | null => text?.trim().slice(0, 100) || null;

/**
 * The fulfillment of the Square orders the shop made (one per order): read, and moved to a state one
 * step at a time, as Square moves it, each `UpdateOrder` at the order's current version (another
 * change meanwhile, `VERSION_MISMATCH`: read again, go on) with a key of the order, the step and the
 * version, so that a request asked again after its answer was lost changes nothing twice.
 */
@Injectable()
export class SquareFulfillments {
  private readonly logger = new Logger('SquareFulfillments');

  constructor(
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  /** The order's fulfillment as Square holds it now; `undefined` for an order without one, or not found. */
  async read(orderId: string): Promise<SquareAnswer<SeenFulfillment>> {
    try {
      const { order } = await this.square.orders.get({ orderId }, this.options());
      return { ok: true, value: order && seenFulfillment(order) };
    } catch (error) {
      if (error instanceof SquareError && error.statusCode === 404) return { ok: true, value: undefined };
      return { ok: false, failure: classifySquareError(error) };
    }
  }

  /**
   * Moves the order's fulfillment on until it is at `target` or past it (or ended: canceled in
   * Square), the shipment's carrier and tracking going with the step that completes it. Answers the
   * fulfillment as it was left; a failure is Square's (a refusal, or no answer: ask again later).
   */
  async moveTo(orderId: string, target: FulfillmentState, shipment?: ShipmentNews): Promise<SquareAnswer<SeenFulfillment>> {
    let current = await this.read(orderId);
    for (let round = 0; round < ROUNDS; round++) {
      if (!current.ok || !current.value) return current;
      const seen = current.value;
      const next = NEXT[seen.state];
      if (RANK[seen.state] >= RANK[target] || !next) return current;
      try {
        const { order } = await this.square.orders.update(
          {
            orderId,
            idempotencyKey: `fulfil-${orderId}-${next.toLowerCase()}-v${seen.version}`,
            order: { locationId: seen.locationId, version: seen.version, fulfillments: [fulfillmentUpdate(seen, next, shipment)] },
          },
          this.options(),
        );
        current = { ok: true, value: order && seenFulfillment(order) };
        this.logger.log(`Square order ${orderId}: fulfillment ${seen.state} → ${next}`);
      } catch (error) {
        const stale = error instanceof SquareError && error.errors.some((e) => String(e.code) === 'VERSION_MISMATCH');
        if (!stale) return { ok: false, failure: classifySquareError(error) };
        current = await this.read(orderId);
      }
    }
    return { ok: false, failure: { kind: 'unknown', inFlight: false, message: `Square order ${orderId} kept changing while its fulfillment was moved` } };
  }

  private options() {
    return { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 0 };
  }
}

function fulfillmentUpdate(seen: SeenFulfillment, next: FulfillmentState, shipment: ShipmentNews | undefined): Square.Fulfillment {
  const completesShipment = next === 'COMPLETED' && seen.type === 'SHIPMENT' && shipment;
  if (!completesShipment) return { uid: seen.uid, state: next };
  const details: Square.FulfillmentShipmentDetails = {
    ...(shipment.carrier ? { carrier: shipment.carrier } : {}),
    ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
    ...(shipment.trackingUrl ? { trackingUrl: shipment.trackingUrl } : {}),
  };
  return { uid: seen.uid, state: next, ...(Object.keys(details).length ? { shipmentDetails: details } : {}) };
}

/** The order's first fulfillment (the shop makes one per order); none, or one in a state the shop does not know: undefined. */
function seenFulfillment(order: Square.Order): SeenFulfillment | undefined {
  const fulfillment = order.fulfillments?.[0];
  if (!order.id || !fulfillment?.uid || !STATES.has(String(fulfillment.state))) return undefined;
  return {
    orderId: order.id,
    version: order.version ?? 0,
    locationId: order.locationId,
    referenceId: order.referenceId ?? undefined,
    uid: fulfillment.uid,
    type: String(fulfillment.type),
    state: fulfillment.state as FulfillmentState,
    carrier: clip(fulfillment.shipmentDetails?.carrier),
    trackingNumber: clip(fulfillment.shipmentDetails?.trackingNumber),
  };
}
