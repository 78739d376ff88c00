import { Injectable, Logger } from '@nestjs/common';
import { onlyVariantOf, Products, variantOf } from '../catalog';
import type { AdHocLine, OpenOrder } from '../orders';
import { SquareCustomers, SquareOrders } from '../square';
import { squareOrderDraft } from './square-order-draft';

/** `source.name` of every web sale, so Square's reports tell the web from the stall. */
export const SHOP_SOURCE_NAME = 'Dark Circle online shop';

export type BooksOrder =
  /** `lineVariations`: each line's variation as booked (null: ad hoc); `adHocLines`: those booked ad hoc because Square no longer had their variation. */
  | { kind: 'opened'; squareOrderId: string; totalCents: number; lineVariations: (string | null)[]; adHocLines: AdHocLine[] }
  /** Square refused the order (a 4xx): nothing is charged. */
  | { kind: 'refused'; code: string; message: string }
  /** Square priced it otherwise than the shop: it is not paid. */
  | { kind: 'mismatch'; squareOrderId: string; totalCents: number }
  /** Square could not say: asked again, with the same key, by the next call. */
  | { kind: 'unknown'; message: string };

/**
 * Makes a checkout's order in Square's books before its card is charged: the buyer's customer (found
 * by email, or created once per address), catalog lines for variants linked to Square, ad hoc lines
 * for the rest, as `squareOrderDraft` says. A variation deleted in Square since goes as an ad hoc
 * line: the sale is not lost.
 */
@Injectable()
export class BooksOrders {
  private readonly logger = new Logger('SquareBooks');

  constructor(
    private readonly products: Products,
    private readonly customers: SquareCustomers,
    private readonly orders: SquareOrders,
  ) {}

  async open({ opened }: OpenOrder): Promise<BooksOrder> {
    let customerId: string;
    try {
      customerId = await this.customers.forEmail({ email: opened.customer.email, name: opened.customer.name, referenceId: `buyer-${opened.orderId}`, note: 'Online shop buyer' });
    } catch (error) {
      return { kind: 'unknown', message: `the buyer's Square customer could not be found or made (${error instanceof Error ? error.message : String(error)})` };
    }
    const variations = await Promise.all(
      opened.lines.map(async (line) => {
        const product = await this.products.load(line.productId);
        return product.exists ? (variantOf(product, line.variantId ?? onlyVariantOf(line.productId))?.squareVariationId ?? undefined) : undefined;
      }),
    );
    const adHocLines: AdHocLine[] = [];
    for (let tries = 0; tries <= opened.lines.length; tries++) {
      const answer = await this.orders.create(squareOrderDraft(opened, { locationId: this.orders.locationId, shopName: SHOP_SOURCE_NAME, customerId, variations }));
      if (!answer.ok) {
        const { failure } = answer;
        if (failure.kind === 'unknown') return { kind: 'unknown', message: failure.message };
        this.logger.warn(`Square refused the order of checkout ${opened.orderId}: ${failure.code} (${failure.message})`);
        return { kind: 'refused', code: failure.code, message: failure.message };
      }
      const made = answer.value;
      if (!made) return { kind: 'unknown', message: 'Square answered CreateOrder without an order' };
      if (made.kind === 'unknown-variation') {
        this.logger.warn(`Checkout ${opened.orderId}: ${opened.lines[made.line]?.name} names variation ${variations[made.line]}, which Square no longer has; it goes as an ad hoc line`);
        adHocLines.push({ line: made.line, variationId: variations[made.line] ?? '' });
        variations[made.line] = undefined;
        continue;
      }
      const { id, totalCents } = made.order;
      if (totalCents !== opened.totalCents) return { kind: 'mismatch', squareOrderId: id, totalCents };
      return { kind: 'opened', squareOrderId: id, totalCents, lineVariations: variations.map((v) => v ?? null), adHocLines };
    }
    return { kind: 'unknown', message: 'Square kept refusing the order lines' };
  }

  /** Cancels a failed checkout's Square order, so the studio's list shows no open order for it. Best effort: an unpaid order is not shown there anyway. */
  async cancel(squareOrderId: string): Promise<void> {
    const answer = await this.orders.cancelUnpaid(squareOrderId);
    if (!answer.ok) this.logger.warn(`Square order ${squareOrderId} of a failed checkout could not be canceled (${answer.failure.message})`);
  }
}
