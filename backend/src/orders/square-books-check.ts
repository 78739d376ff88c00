import { BadGatewayException, Injectable } from '@nestjs/common';
import { SquareOrders } from '../square';
import type { Square } from 'square';
import { booksProblems } from './books-differences';
import type { BooksCheckDto } from './books-check.responses';
import { OrderReader } from './order.reader';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The books check the studio runs: every paid web order of the last `days` against its Square
 * order, read in batches (`BatchRetrieveOrders`), compared by `booksProblems`. Answers only the
 * orders that differ; Square not answering is a 502, nothing guessed.
 */
@Injectable()
export class SquareBooksCheck {
  constructor(
    private readonly orders: OrderReader,
    private readonly square: SquareOrders,
  ) {}

  async run(days: number, now = new Date()): Promise<BooksCheckDto> {
    const since = new Date(now.getTime() - days * DAY_MS);
    const paid = await this.orders.paidSince(since);
    const ids = paid.flatMap((o) => (o.squareOrderId ? [o.squareOrderId] : []));
    const answer = await this.square.batchGet(ids);
    if (!answer.ok) {
      throw new BadGatewayException({
        code: 'SQUARE_UNAVAILABLE',
        message: `Square could not be asked for its orders (${answer.failure.message}). Nothing was compared; try again in a moment.`,
      });
    }
    const byId = new Map<string, Square.Order>((answer.value ?? []).map((o) => [o.id ?? '', o]));
    const differences = paid.flatMap((o) => {
      const problems = booksProblems(
        {
          orderNumber: o.orderNumber,
          lines: o.lines,
          totalCents: o.totalCents,
          paymentId: o.paymentId ?? null,
          squareOrderId: o.squareOrderId ?? null,
          lineVariations: o.squareLineVariations ?? null,
        },
        o.squareOrderId ? byId.get(o.squareOrderId) : undefined,
      );
      if (!problems.length) return [];
      return [{ orderId: o.id, orderNumber: o.orderNumber, squareOrderId: o.squareOrderId ?? null, squareUrl: o.squareOrderId ? this.square.dashboardUrl(o.squareOrderId) : null, problems }];
    });
    return { days, since: since.toISOString(), checked: paid.length, agreeing: paid.length - differences.length, differences };
  }
}
