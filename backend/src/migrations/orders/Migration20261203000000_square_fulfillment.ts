import { Migration } from '@mikro-orm/migrations';

/**
 * Where each order's Square fulfillment stands as the shop last saw it (`square_fulfillment`,
 * Square's state; null: the order has no Square order), and the shop's step Square refused to
 * follow, if it did: with the order's own step (`fulfilment`) they say which orders still wait for
 * Square, which the sweep sends again. Orders that have a Square order already were made with its
 * fulfillment PROPOSED.
 */
export class Migration20261203000000_square_fulfillment extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column if not exists square_fulfillment text, add column if not exists square_fulfillment_refused text`);
    this.addSql(
      `update orders o set square_fulfillment = 'PROPOSED'
        where exists (select 1 from events e where e.stream_id = 'order-' || o.id and e.type = 'SquareOrderOpened')`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table orders drop column square_fulfillment, drop column square_fulfillment_refused`);
  }
}
