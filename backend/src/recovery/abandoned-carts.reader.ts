import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
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
  items: { id: string; productId: number; name: string; imageUrl: string; quantity: number; unitPriceCents: number }[];
}

/**
 * Carts the studio may win back: items and a known email, not being paid for, and either marked
 * abandoned or idle for `idleMinutes`. Reads the carts projection (the recovery module's view of it).
 */
@Injectable()
export class AbandonedCartsReader {
  constructor(private readonly orm: MikroORM) {}

  async list(idleMinutes: number) {
    const rows = await (this.orm.em.fork() as EntityManager).execute<Row[]>(
      `select c.id, c.session_id, c.customer_name, c.customer_email, c.total_cents, c.email_sent, c.recovery_email_count,
              c.abandoned_at, c.updated_at,
              json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'name', i.name, 'imageUrl', i.image_url,
                                         'quantity', i.quantity, 'unitPriceCents', i.unit_price_cents) order by i.added_at) as items
         from carts c join cart_items i on i.cart_id = c.id
        where c.customer_email is not null and c.checkout_order_id is null
          and (c.abandoned_at is not null or c.updated_at < now() - make_interval(mins => ?))
        group by c.id
        order by c.updated_at desc
        limit 200`,
      [idleMinutes],
    );
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      sessionId: r.session_id,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      totalAmount: formatCents(r.total_cents),
      items: r.items.map((i) => ({ id: i.id, productId: i.productId, name: i.name, imageUrl: i.imageUrl, quantity: i.quantity, price: formatCents(i.unitPriceCents) })),
      lastActivityAt: new Date(r.updated_at).toISOString(),
      idleMinutes: Math.max(0, Math.floor((now - new Date(r.updated_at).getTime()) / 60_000)),
      abandonedAt: r.abandoned_at ? new Date(r.abandoned_at).toISOString() : null,
      emailSent: r.email_sent,
      recoveryEmailCount: r.recovery_email_count,
    }));
  }
}
