import { randomUUID } from 'node:crypto';
import type { SquareClient } from 'square';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';

/** Square's IN_STOCK count of a variation at the studio. */
export async function squareCount(square: SquareClient, variation: string): Promise<number> {
  const page = await square.inventory.batchGetCounts({ catalogObjectIds: [variation], locationIds: [EMULATOR_LOCATION_ID], states: ['IN_STOCK'] });
  return Number(page.data[0]?.quantity ?? 0);
}

/** What the stall's point of sale does: a recount or a sale through the SDK, which Square then announces by webhook. */
export const atTheStall = (square: SquareClient, variation: string, change: { count: number } | { sell: number }) =>
  square.inventory.batchCreateChanges({
    idempotencyKey: randomUUID(),
    changes: [
      'count' in change
        ? {
            type: 'PHYSICAL_COUNT',
            physicalCount: { catalogObjectId: variation, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(change.count), occurredAt: new Date().toISOString() },
          }
        : {
            type: 'ADJUSTMENT',
            adjustment: {
              catalogObjectId: variation,
              fromState: 'IN_STOCK',
              toState: 'SOLD',
              fromLocationId: EMULATOR_LOCATION_ID,
              quantity: String(change.sell),
              occurredAt: new Date().toISOString(),
            },
          },
    ],
  });
