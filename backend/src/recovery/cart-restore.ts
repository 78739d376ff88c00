import { Injectable } from '@nestjs/common';
import { CartCommand, Carts } from '../cart';
import { Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { DomainError } from '../platform/errors/domain-error';

/** What changed while the shopper was away, for the cart page's note. */
export type RestoreNote = 'price' | 'soldout' | 'lowered';
export const NOTE_ORDER: readonly RestoreNote[] = ['price', 'soldout', 'lowered'];

/**
 * A restore link followed: `CartRecovered` (once), then the cart brought up to date with the
 * catalogue (today's prices; sold-out items out; quantities down to what is left), saying what changed.
 */
@Injectable()
export class CartRestore {
  constructor(
    private readonly carts: Carts,
    private readonly products: Products,
  ) {}

  async restore(cartId: string, caller: RequestContext): Promise<{ sessionId: string; contact: { name: string; email: string } | null; notes: RestoreNote[] } | undefined> {
    const { state } = await this.carts.load(cartId);
    if (!state.exists) return undefined;
    const notes = new Set<RestoreNote>();
    try {
      const run = (command: CartCommand) => this.carts.run(cartId, command, caller);
      await run({ kind: 'RecoverCart' });
      // A cart being paid for right now is left as it is: the checkout prices it itself.
      if (!state.checkoutOrderId) {
        const prices: Record<string, number> = {};
        for (const line of state.lines) {
          const product = await this.products.snapshot(line.productId, line.variantId);
          if (!product || !product.inStock || product.stockQuantity <= 0) {
            await run({ kind: 'RemoveItem', itemId: line.itemId });
            notes.add('soldout');
            continue;
          }
          if (product.priceCents !== line.unitPriceCents) {
            prices[line.itemId] = product.priceCents;
            notes.add('price');
          }
          if (line.quantity > product.stockQuantity) {
            await run({ kind: 'ChangeQuantity', itemId: line.itemId, quantity: product.stockQuantity, stock: product });
            notes.add('lowered');
          }
        }
        if (Object.keys(prices).length) await run({ kind: 'RepriceItems', prices });
      }
    } catch (error) {
      // A checkout that began meanwhile: the shopper is already back; the cart shows as it is.
      if (!(error instanceof DomainError)) throw error;
    }
    return { sessionId: state.sessionId, contact: state.contact ?? null, notes: NOTE_ORDER.filter((n) => notes.has(n)) };
  }
}
