import { Migration } from '@mikro-orm/migrations';

/**
 * Each paid checkout is booked as one Square order: the orders table names it, so the books check
 * finds the Square orders of many orders in one read. Filled from the streams for orders booked
 * before the column.
 */
export class Migration20261203104500_order_square_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column square_order_id text`);
    this.addSql(
      `update orders o set square_order_id = e.data->>'squareOrderId' from events e where e.stream_id = 'order-' || o.id::text and e.type = 'SquareOrderOpened'`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table orders drop column square_order_id`);
  }
}
