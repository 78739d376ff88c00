import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { LowStockReader } from '../catalog';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { APP_CONFIG, AppConfig, isTimeZone } from '../platform/config/app-config';
import { formatCents } from '../platform/money';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { DashboardDto, dashboardSchema } from './order.responses';
import { DashboardReader } from './dashboard.reader';
import { standInsOf } from '../stand-ins';

const dashboardQuery = z.object({
  timeZone: z
    .string('timeZone must be an IANA time zone such as America/New_York.')
    .trim()
    .max(64, 'timeZone must be an IANA time zone such as America/New_York.')
    .refine(isTimeZone, 'timeZone must be an IANA time zone such as America/New_York.')
    .optional(),
});

const DAY_MS = 86_400_000;
const DAYS = 30;

/** The calendar day (YYYY-MM-DD) of a moment in `timeZone`. */
function dayIn(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `day` and the `count - 1` days before it, oldest first. */
function daysEndingOn(day: string, count: number): string[] {
  const end = Date.parse(`${day}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * `GET /api/admin/dashboard`: sales today, over the last 7 and 30 days (today included) and day by
 * day, cut at midnight in `timeZone` (default SHOP_TIME_ZONE); the orders waiting to be fulfilled;
 * the products at or below LOW_STOCK_AT units on sale.
 */
@Controller('api/admin/dashboard')
@AdminOnly()
export class AdminDashboardController {
  constructor(
    private readonly reader: DashboardReader,
    private readonly lowStock: LowStockReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiAnswers({ 200: dashboardSchema })
  async dashboard(@Query(new ZodPipe(dashboardQuery)) query: z.infer<typeof dashboardQuery>): Promise<DashboardDto> {
    const timeZone = query.timeZone || this.config.SHOP_TIME_ZONE;
    const now = new Date();
    const days = daysEndingOn(dayIn(timeZone, now), DAYS);
    // Two days beyond the 30 cover the first day's midnight in any zone (offsets reach ±14h).
    const [sales, ordersWaiting, lowStock] = await Promise.all([
      this.reader.salesSince(new Date(now.getTime() - (DAYS + 2) * DAY_MS)),
      this.reader.ordersWaiting(),
      this.lowStock.lowStock(this.config.LOW_STOCK_AT),
    ]);
    const byDay = new Map(days.map((d) => [d, { orders: 0, cents: 0 }]));
    for (const sale of sales) {
      const day = byDay.get(dayIn(timeZone, sale.placedAt));
      if (!day) continue;
      day.orders++;
      day.cents += sale.netCents;
    }
    const over = (n: number) => {
      const last = days.slice(-n).map((d) => byDay.get(d)!);
      return { orders: last.reduce((s, d) => s + d.orders, 0), revenue: formatCents(last.reduce((s, d) => s + d.cents, 0)) };
    };
    return {
      timeZone,
      today: over(1),
      last7Days: over(7),
      last30Days: over(DAYS),
      ordersWaiting,
      lowStockAt: this.config.LOW_STOCK_AT,
      lowStock,
      developmentTools: Object.values(standInsOf(this.config)).some(Boolean),
      revenueByDay: days.map((date) => ({ date, orders: byDay.get(date)!.orders, revenue: formatCents(byDay.get(date)!.cents) })),
    };
  }
}
