import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { formatCents } from '../platform/money';

interface Row {
  id: string;
  session_id: string;
  customer_name: string | null;
  customer_email: string;
  total_cents: number;
  email_sent: boolean;
  recovery_email_count: number;
  abandoned_at: Date | null;
  updated_at: Date;
  recovered: boolean;
  bought: boolean;
  opted_out: boolean;
  items: { id: string; productId: number; variantId: string; variantName: string; name: string; imageUrl: string; quantity: number; unitPriceCents: number }[];
}

/** Where a cart stands in its recovery: `emailed` comes with how many of the sequence's emails went out. */
export type RecoveryState = 'waiting' | 'emailed' | 'recovered' | 'bought' | 'opted-out';

/**
 * Carts the studio may win back, and how their recovery went: carts with items and a known email,
 * not being paid for, idle RECOVERY_IDLE; and every cart recorded abandoned (bought ones too, so the
 * list shows what came back). Reads the carts projection, with the cart's own events for the
 * outcome and the opt-out streams for the address.
 */
@Injectable()
export class AbandonedCartsReader {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list() {
    const rows = await (this.orm.em as EntityManager).getConnection().execute<Row[]>(
      `select c.id, c.session_id, c.customer_name, c.customer_email, c.total_cents, c.email_sent, c.recovery_email_count,
              c.abandoned_at, c.updated_at,
              exists (select 1 from events e where e.stream_id = 'cart-' || c.id and e.type = 'CartRecovered') as recovered,
              (c.abandoned_at is not null and exists (select 1 from events e where e.stream_id = 'cart-' || c.id and e.type = 'CartCheckedOut'
                                                        and e.recorded_at > c.abandoned_at)) as bought,
              exists (select 1 from events e where e.stream_id = 'recovery-opt-out-' || left(encode(sha256(convert_to(lower(trim(c.customer_email)), 'UTF8')), 'hex'), 32)
                                                and e.type = 'RecoveryEmailsOptedOut') as opted_out,
              coalesce(json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'variantId', i.variant_id, 'variantName', i.variant_name, 'name', i.name, 'imageUrl', i.image_url,
                                         'quantity', i.quantity, 'unitPriceCents', i.unit_price_cents) order by i.added_at) filter (where i.id is not null), '[]') as items
         from carts c left join cart_items i on i.cart_id = c.id
        where c.customer_email is not null
          and (c.abandoned_at is not null
               or (c.checkout_order_id is null and c.updated_at < now() - make_interval(secs => ?)
                   and exists (select 1 from cart_items x where x.cart_id = c.id)))
        group by c.id
        order by coalesce(c.abandoned_at, c.updated_at) desc
        limit 200`,
      [this.config.recoveryIdleMs / 1000],
    );
    const now = Date.now();
    const emails = this.config.RECOVERY_SEQUENCE.length;
    return rows.map((r) => ({
      id: r.id,
      sessionId: r.session_id,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      totalAmount: formatCents(r.total_cents),
      items: r.items.map((i) => ({
        id: i.id,
        productId: i.productId,
        variantId: i.variantId,
        variantName: i.variantName,
        name: i.name,
        imageUrl: i.imageUrl,
        quantity: i.quantity,
        price: formatCents(i.unitPriceCents),
      })),
      lastActivityAt: new Date(r.updated_at).toISOString(),
      idleMinutes: Math.max(0, Math.floor((now - new Date(r.updated_at).getTime()) / 60_000)),
      abandonedAt: r.abandoned_at ? new Date(r.abandoned_at).toISOString() : null,
      emailSent: r.email_sent,
      recoveryEmailCount: r.recovery_email_count,
      sequenceLength: emails,
      state: stateOf(r),
    }));
  }
}

function stateOf(r: Row): RecoveryState {
  if (r.bought) return 'bought';
  if (r.recovered) return 'recovered';
  if (r.opted_out) return 'opted-out';
  return r.recovery_email_count > 0 ? 'emailed' : 'waiting';
}
