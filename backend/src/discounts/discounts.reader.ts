import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { formatCents } from '../platform/money';
import { BuiltInCodes } from './built-in-codes';
import { discountStream, type DiscountType } from './discount.events';
import type { AdminDiscountDto } from './discounts.responses';
import type { Sale } from './rules';

interface DiscountRow {
  code: string;
  type: DiscountType;
  value: number;
  minimum_subtotal_cents: number;
  starts_at: Stamp | null;
  ends_at: Stamp | null;
  usage_limit: number | null;
  once_per_customer: boolean;
  product_ids: number[];
  categories: string[];
  combines: boolean;
  automatic: boolean;
  description: string;
  /** Null: a built-in code not written yet. */
  created_at: Stamp | null;
  uses: number;
  reserved: number;
  /** bigint: the driver gives a string. */
  revenue_cents: string | number;
  discounted_cents: string | number;
}

const DISCOUNTS_SQL = `
  select c.*, coalesce(u.uses, 0)::int as uses, coalesce(u.reserved, 0)::int as reserved,
         coalesce(u.revenue_cents, 0)::bigint as revenue_cents, coalesce(u.discounted_cents, 0)::bigint as discounted_cents
    from discount_codes c
    left join (select code, count(*) filter (where status = 'redeemed') as uses, count(*) filter (where status = 'reserved') as reserved,
                      sum(total_cents) filter (where status = 'redeemed') as revenue_cents, sum(discount_cents) filter (where status = 'redeemed') as discounted_cents
                 from discount_uses group by code) u on u.code = c.code`;

/** Timestamps as the driver gives them (text, through MikroORM's connection). */
type Stamp = Date | string;
const iso = (at: Stamp | null) => (at === null ? null : new Date(at).toISOString());
const ms = (at: Stamp) => new Date(at).getTime();

/** Reads of the codes: the admin's list with each one's uses and revenue, and the automatic sales prices need. */
@Injectable()
export class DiscountsReader {
  constructor(
    private readonly orm: MikroORM,
    private readonly builtIns: BuiltInCodes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every code, the ones on now first, then those still to come, then those over; newest first within each. */
  async all(now = new Date()): Promise<AdminDiscountDto[]> {
    const rows = [...(await this.em().execute<DiscountRow[]>(`${DISCOUNTS_SQL} order by c.created_at desc, c.code`)), ...(await this.unwritten())];
    const order = { active: 0, scheduled: 1, 'used-up': 2, ended: 3 };
    return rows.map((row) => this.toDto(row, now)).sort((a, b) => order[a.status] - order[b.status]);
  }

  async one(code: string, now = new Date()): Promise<AdminDiscountDto | undefined> {
    const [row] = [...(await this.em().execute<DiscountRow[]>(`${DISCOUNTS_SQL} where c.code = ?`, [code])), ...(await this.unwritten(code))];
    return row && this.toDto(row, now);
  }

  /** Built-in codes whose stream has nothing yet: as they start, with the uses they had before codes had streams. */
  private async unwritten(only?: string): Promise<DiscountRow[]> {
    const rows: DiscountRow[] = [];
    for (const [code, builtIn] of this.builtIns.all()) {
      if (only !== undefined && code !== only) continue;
      const [{ written }] = await this.em().execute<{ written: boolean }[]>('select exists (select 1 from events where stream_id = ?) as written', [discountStream(code).id]);
      if (written) continue;
      const uses = await builtIn.pastUses();
      const { terms } = builtIn;
      rows.push({
        code,
        type: terms.type,
        value: terms.value,
        minimum_subtotal_cents: terms.minimumSubtotalCents,
        starts_at: terms.startsAt,
        ends_at: terms.endsAt,
        usage_limit: terms.usageLimit,
        once_per_customer: terms.oncePerCustomer,
        product_ids: terms.productIds,
        categories: terms.categories,
        combines: terms.combines,
        automatic: terms.automatic,
        description: terms.description,
        created_at: null,
        uses: uses.length,
        reserved: 0,
        revenue_cents: uses.reduce((sum, u) => sum + u.totalCents, 0),
        discounted_cents: uses.reduce((sum, u) => sum + u.discountCents, 0),
      });
    }
    return rows;
  }

  /** The automatic sales, whenever they are on. */
  async sales(): Promise<Sale[]> {
    const rows = await this.em().execute<Pick<DiscountRow, 'type' | 'value' | 'product_ids' | 'categories' | 'starts_at' | 'ends_at'>[]>(
      'select type, value, product_ids, categories, starts_at, ends_at from discount_codes where automatic order by code',
    );
    return rows.map((r) => ({ type: r.type, value: r.value, productIds: r.product_ids, categories: r.categories, startsAt: iso(r.starts_at), endsAt: iso(r.ends_at) }));
  }

  private toDto(row: DiscountRow, now: Date): AdminDiscountDto {
    const at = now.getTime();
    const status =
      row.ends_at && ms(row.ends_at) <= at
        ? 'ended'
        : row.starts_at && ms(row.starts_at) > at
          ? 'scheduled'
          : row.usage_limit !== null && row.uses + row.reserved >= row.usage_limit
            ? 'used-up'
            : 'active';
    return {
      code: row.code,
      type: row.type,
      value: row.type === 'percentage' ? row.value : row.type === 'fixed' ? formatCents(row.value) : null,
      minimumSubtotal: row.minimum_subtotal_cents > 0 ? formatCents(row.minimum_subtotal_cents) : null,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      usageLimit: row.usage_limit,
      oncePerCustomer: row.once_per_customer,
      productIds: row.product_ids,
      categories: row.categories,
      combines: row.combines,
      automatic: row.automatic,
      description: row.description,
      status,
      uses: row.uses,
      reserved: row.reserved,
      revenue: formatCents(Number(row.revenue_cents)),
      discounted: formatCents(Number(row.discounted_cents)),
      timeZone: this.config.SHOP_TIME_ZONE,
      createdAt: iso(row.created_at),
    };
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
