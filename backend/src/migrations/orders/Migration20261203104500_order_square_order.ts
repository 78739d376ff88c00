import { Migration } from '@mikro-orm/migrations';

/**
 * Each paid checkout is booked as one Square order: the orders table names it and the variation each
 * line was booked as (null: an ad hoc line), so the books check compares many orders with Square's
 * in one read. Filled from the streams for orders booked before the columns.
 */
export class Migration20261203104500_order_square_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column square_order_id text, add column square_line_variations jsonb`);
    this.addSql(
      `update orders o set square_order_id = e.data->>'squareOrderId', square_line_variations = e.data->'lineVariations'
         from events e where e.stream_id = 'order-' || o.id::text and e.type = 'SquareOrderOpened'`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table orders drop column square_order_id, drop column square_line_variations`);
  }
}
