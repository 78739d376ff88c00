import type { ProductEvent } from '../catalog';
import { soldChange } from '../catalog/rules';

/**
 * Which online orders a count below zero of one variant involves, read from the product's events up
 * to the one that applied the count (read as today's events: see the catalogue's upcast):
 *
 * - the sales whose push Square answered with a count below zero, since its count last stood at zero
 *   or more (the stall had sold those units while the sale was on its way to Square: the race for
 *   the last unit);
 * - the sales still unpushed (Square's count, already below zero, does not hold them yet: there is
 *   no unit left on the shelf for them either);
 * - the sales paid through a Square order (`square` on the sale: Square took the units itself when
 *   the order was paid, and pushes none) followed by a Square count below zero: the first count
 *   read after such a sale is the one that holds it. A sale a count had already shown (`counted`)
 *   is short when that count, the latest, is below zero.
 *
 * A count of zero or more (a recount, a restock, a push answered so) ends the run of short pushes
 * and clears the order-paid sales it holds; a new link of the variant to Square starts its history
 * afresh. A count below zero that names
 * neither (the stall sold more than Square counted, with no online sale on the way) involves no
 * online order. Oldest sale first.
 */
export function oversoldOrders(events: readonly ProductEvent[], variantId: string): string[] {
  let unpushed: string[] = [];
  let short: string[] = [];
  /** Order-paid sales no Square count has shown yet. */
  let inOrders: string[] = [];
  let lastCount: number | undefined;
  const add = (list: string[], orderId: string) => [...list.filter((o) => o !== orderId), orderId];
  for (const event of events) {
    switch (event.type) {
      case 'StockSold': {
        if (event.data.variantId !== variantId) break;
        const { orderId, square } = event.data;
        if (square === 'sold-in-order') inOrders = add(inOrders, orderId);
        else if (square === 'counted') short = (lastCount ?? 0) < 0 ? add(short, orderId) : short;
        else unpushed = add(unpushed, orderId);
        break;
      }
      case 'StockPushedToSquare': {
        if (event.data.variantId !== variantId) break;
        const { change, squareCount } = event.data;
        const orderId = unpushed.find((o) => soldChange(o) === change);
        if (orderId !== undefined) unpushed = unpushed.filter((o) => o !== orderId);
        if (squareCount === undefined) break;
        [short, inOrders, lastCount] = squareCount >= 0 ? [[], [], squareCount] : [[...short, ...inOrders, ...(orderId === undefined ? [] : [orderId])], [], squareCount];
        break;
      }
      case 'StockSet': {
        const { squareCount } = event.data;
        if (event.data.variantId !== variantId || squareCount === undefined) break;
        [short, inOrders, lastCount] = squareCount >= 0 ? [[], [], squareCount] : [[...short, ...inOrders], [], squareCount];
        break;
      }
      case 'VariantLinkedToSquare':
        if (event.data.variantId === variantId) [unpushed, short, inOrders, lastCount] = [[], [], [], undefined];
        break;
    }
  }
  return [...short, ...unpushed];
}

/** Square's latest count of the variant in these events (a count read, or a push's answer), if any. */
export function latestSquareCount(events: readonly ProductEvent[], variantId: string): number | undefined {
  let count: number | undefined;
  for (const event of events) {
    if ((event.type === 'StockSet' || event.type === 'StockPushedToSquare') && event.data.variantId === variantId && event.data.squareCount !== undefined) count = event.data.squareCount;
    if (event.type === 'VariantLinkedToSquare' && event.data.variantId === variantId) count = undefined;
  }
  return count;
}
