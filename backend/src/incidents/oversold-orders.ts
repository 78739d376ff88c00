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
 *   no unit left on the shelf for them either).
 *
 * A count of zero or more (a recount, a restock, a push answered so) ends the run of short pushes;
 * a new link of the variant to Square starts its history afresh. A count below zero that names
 * neither (the stall sold more than Square counted, with no online sale on the way) involves no
 * online order. Oldest sale first.
 */
export function oversoldOrders(events: readonly ProductEvent[], variantId: string): string[] {
  let unpushed: string[] = [];
  let short: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'StockSold':
        if (event.data.variantId === variantId) unpushed = [...unpushed.filter((o) => o !== event.data.orderId), event.data.orderId];
        break;
      case 'StockPushedToSquare': {
        if (event.data.variantId !== variantId) break;
        const { change, squareCount } = event.data;
        const orderId = unpushed.find((o) => soldChange(o) === change);
        if (orderId !== undefined) unpushed = unpushed.filter((o) => o !== orderId);
        if (squareCount === undefined) break;
        if (squareCount >= 0) short = [];
        else if (orderId !== undefined) short = [...short, orderId];
        break;
      }
      case 'StockSet':
        if (event.data.variantId === variantId && event.data.squareCount !== undefined && event.data.squareCount >= 0) short = [];
        break;
      case 'VariantLinkedToSquare':
        if (event.data.variantId === variantId) [unpushed, short] = [[], []];
        break;
    }
  }
  return [...short, ...unpushed];
}
