import { Migration } from '@mikro-orm/migrations';

/**
 * Where each order's Square fulfillment stands as the shop last saw it (`square_fulfillment`,
 * Square's state; null: the order has no Square order), and the shop's step Square refused to
 * follow, if it did: with the order's own step (`fulfilment`) they say which orders still wait for
 * Square, which the sweep sends again. Orders that have a Square order already were made with its
 * fulfillment PROPOSED. It comes after …_order_square_order, whose `square_order_id` it indexes.
 */
export class Migration20261203120000_square_fulfillment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column if not exists square_fulfillment text, add column if not exists square_fulfillment_refused text`);
    this.addSql(`update orders set square_fulfillment = 'PROPOSED' where square_order_id is not null`);
    // Square's order webhooks find the shop's order by its Square order.
    this.addSql(`create index if not exists orders_square_order_id on orders (square_order_id) where square_order_id is not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists orders_square_order_id`);
    this.addSql(`alter table orders drop column square_fulfillment, drop column square_fulfillment_refused`);
  }
}
