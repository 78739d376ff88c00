import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import type { CartCommand } from './cart.decider';
import type { MergedLine } from './cart.events';
import type { CartHandOverDto } from './cart.responses';
import { CartReader } from './cart.reader';
import { Carts } from './carts';

const NOTE_ORDER: readonly NonNullable<MergedLine['note']>[] = ['soldout', 'lowered'];

/**
 * A cart handed to a browser (the widgets' Checkout, a recovery email's restore link). A browser
 * whose own cart holds nothing takes the handed-over cart; one whose cart holds items keeps it, and
 * the other cart's lines are merged in: a link someone else made never takes a shopper's cart away.
 */
@Injectable()
export class CartHandOver {
  constructor(
    private readonly products: Products,
    private readonly reader: CartReader,
    private readonly carts: Carts,
  ) {}

  async handOver(fromCartId: string, ownSessionId: string | undefined, caller: RequestContext): Promise<CartHandOverDto> {
    const { state: from } = await this.carts.load(fromCartId);
    if (!from.exists) throw notFound('That cart was not found.');
    const own = ownSessionId ? await this.reader.bySession(ownSessionId) : null;
    const ownState = own && own.id !== fromCartId ? (await this.carts.load(own.id)).state : undefined;
    if (!own || !ownState?.exists || ownState.lines.length === 0) return { sessionId: from.sessionId, outcome: 'adopted', added: 0, notes: [] };

    // Made once: a retried decision gives a line the same id.
    const newItemIds = new Map(from.lines.map((l) => [l.itemId, randomUUID()]));
    const command = async (): Promise<CartCommand> => ({
      kind: 'MergeLines',
      fromCartId,
      lines: await Promise.all(
        from.lines.map(async (l) => ({
          fromItemId: l.itemId,
          productId: l.productId,
          variantId: l.variantId,
          quantity: l.quantity,
          newItemId: newItemIds.get(l.itemId)!,
          product: (await this.products.snapshot(l.productId, l.variantId)) ?? undefined,
        })),
      ),
    });
    const { events } = await this.carts.run(own.id, command, caller);
    const merged = events.find((e) => e.type === 'LinesMerged')?.data.lines ?? [];
    return {
      sessionId: own.sessionId,
      outcome: 'merged',
      added: merged.reduce((sum, l) => sum + l.added, 0),
      notes: NOTE_ORDER.filter((n) => merged.some((l) => l.note === n)),
    };
  }
}
