import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { dismissStockAlertBody } from './admin-product.schemas';
import { stockAlertsSchema } from './catalog.responses';
import { Products } from './products';
import { StockAlertsReader, type NotSentToSquare, type StockNotice } from './stock-alerts.reader';
import { SquareLinksReader } from './square-links.reader';

type StockAlert = z.infer<typeof stockAlertsSchema>['alerts'][number];

/** How long a change has waited, as a person says it. */
function waited(since: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((now - since.getTime()) / 60_000));
  return minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h`;
}

/** What a stock change was, from its key (`sold:<orderId>`, `restocked:<refundId>`, `adjusted:<n>`). */
function changeName(change: string): string {
  if (change.startsWith('sold:')) return `the online sale of order ${change.slice(5)}`;
  if (change.startsWith('restocked:')) return 'a refund put back on the shelf';
  return "the studio's stock change";
}

/** One line of a waiting change, for the dashboard and `/api/health`. */
export const notSentMessage = (w: NotSentToSquare) => `${w.name}: ${changeName(w.change)} has not reached Square's count for ${waited(w.recordedAt)}; the shop keeps sending it`;

function noticeMessage(n: StockNotice): string {
  if (n.kind === 'restock-refused') {
    return `${n.name} is no longer sold: ${n.quantity} refunded unit(s) of order ${n.orderId} were not put back on the shelf; put them away by hand`;
  }
  return `${n.name}: Square refused ${changeName(n.alert)} (${n.quantity > 0 ? '+' : ''}${n.quantity}) for good: ${n.status} ${n.code}, ${n.detail}. Change the count in Square`;
}

/**
 * `GET /api/admin/stock-alerts`: variants whose Square count went below zero (the stall sold units an
 * online checkout had reserved), stock changes Square has not heard of for STOCK_PUSH_ALERT_AFTER,
 * pushes Square refused for good and refunds whose units were not put back. The dashboard shows each
 * with its message; `POST …/dismiss` takes a refused push or restock off once the studio dealt with it.
 */
@Controller('api/admin/stock-alerts')
@AdminOnly()
export class AdminStockAlertsController {
  constructor(
    private readonly squareLinks: SquareLinksReader,
    private readonly stock: StockAlertsReader,
    private readonly products: Products,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiAnswers({ 200: stockAlertsSchema })
  async list(): Promise<z.infer<typeof stockAlertsSchema>> {
    const [oversold, waiting, notices] = await Promise.all([
      this.squareLinks.oversoldAtStall(),
      this.stock.notSentSince(new Date(Date.now() - this.config.STOCK_PUSH_ALERT_AFTER)),
      this.stock.notices(),
    ]);
    const none = { squareCount: null, squareCountAt: null };
    return {
      alerts: [
        ...oversold.map((p): StockAlert => ({
          kind: 'oversold-at-stall',
          productId: p.productId,
          variantId: p.variantId,
          name: p.name,
          squareCount: p.squareCount,
          squareCountAt: p.squareCountAt,
          since: null,
          alert: null,
          message: `${p.name}: oversold at the stall (Square counts ${p.squareCount})`,
        })),
        ...notices.map((n): StockAlert => ({
          kind: n.kind,
          productId: n.productId,
          variantId: n.variantId,
          name: n.name,
          ...none,
          since: n.recordedAt.toISOString(),
          alert: n.alert,
          message: noticeMessage(n),
        })),
        ...waiting.map((w): StockAlert => ({
          kind: 'not-sent-to-square',
          productId: w.productId,
          variantId: w.variantId,
          name: w.name,
          ...none,
          since: w.recordedAt.toISOString(),
          alert: null,
          message: notSentMessage(w),
        })),
      ],
    };
  }

  /** The studio dealt with a refused push or restock: it is no longer listed (once; a repeat changes nothing). */
  @Post('dismiss')
  @HttpCode(204)
  @ApiAnswers({ 204: 'empty' })
  async dismiss(@Body(new ZodPipe(dismissStockAlertBody)) body: z.infer<typeof dismissStockAlertBody>, @Caller() caller: RequestContext): Promise<void> {
    await this.products.run(body.productId, { kind: 'DismissStockAlert', variantId: body.variantId, alert: body.alert }, caller);
  }
}
