import { Injectable } from '@nestjs/common';
import { lineName } from '../catalog';
import { SquareOrders } from '../square';
import type { AdminSquareOrderDto } from './books-check.responses';
import type { OpenOrder } from './order.state';

/** How long the order page waits for Square before it shows the Square order without its state. */
const PAGE_READ_MS = 3000;

/**
 * The order page's Square order: its id and page in Square's Dashboard, its state read from Square
 * as the page is drawn, and a note for each line booked ad hoc because Square had lost its variation.
 */
@Injectable()
export class AdminSquareOrder {
  constructor(private readonly square: SquareOrders) {}

  async of(order: OpenOrder): Promise<AdminSquareOrderDto | null> {
    const booked = order.squareOrder;
    if (!booked) return null;
    const answer = await this.square.batchGet([booked.id], { timeoutMs: PAGE_READ_MS });
    const held = answer.ok ? answer.value?.[0] : undefined;
    const notes = (booked.adHocLines ?? []).map(({ line, variationId }) => {
      const l = order.opened.lines[line];
      const name = l ? lineName(l.name, { name: l.variantName ?? '' }) : `Line ${line + 1}`;
      return `${name} went to Square as an ad hoc line: its Square variation ${variationId} was deleted in Square before the order was paid, so Square's item reports do not count it under that item.`;
    });
    return {
      squareOrderId: booked.id,
      dashboardUrl: this.square.dashboardUrl(booked.id),
      state: held?.state ?? null,
      fulfillmentState: held?.fulfillments?.[0]?.state ?? null,
      referenceId: held?.referenceId ?? null,
      notes,
    };
  }
}
