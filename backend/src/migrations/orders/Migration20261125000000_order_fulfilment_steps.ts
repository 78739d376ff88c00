import { Migration } from '@mikro-orm/migrations';

/**
 * Fulfilment in steps: where each order stands, the carrier and its tracking page, the studio's
 * pickup note, when it was made ready and when it was placed (the dashboard counts sales by that
 * day). Orders fulfilled before the steps take their step from `fulfilled_as`.
 */
export class Migration20261125000000_order_fulfilment_steps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column fulfilment text not null default 'unfulfilled'`);
    this.addSql('alter table orders add column carrier text');
    this.addSql('alter table orders add column tracking_url text');
    this.addSql('alter table orders add column pickup_note text');
    this.addSql('alter table orders add column ready_for_pickup_at timestamptz');
    this.addSql('alter table orders add column placed_at timestamptz');
    this.addSql('update orders set fulfilment = fulfilled_as where fulfilled_as is not null');
    this.addSql(`update orders o set placed_at = e.recorded_at from events e where e.stream_id = 'order-' || o.id and e.type = 'OrderPlaced'`);
    this.addSql(`create index orders_placed_idx on orders (placed_at desc) where status = 'placed'`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index orders_placed_idx');
    for (const column of ['placed_at', 'ready_for_pickup_at', 'pickup_note', 'tracking_url', 'carrier', 'fulfilment']) this.addSql(`alter table orders drop column ${column}`);
  }
}
