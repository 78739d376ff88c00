import { Migration } from '@mikro-orm/migrations';

/**
 * One stock for the stall and the shop: which Square variation a product follows and the last count
 * Square reported for it (below zero: oversold at the stall), and the Square webhook deliveries
 * already handled (by Square's `event_id`, so a retried delivery changes nothing).
 */
export class Migration20261124200000_square_stock extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table products add column square_variation_id text, add column square_count integer, add column square_count_at text');
    this.addSql('create index products_square_variation_idx on products (square_variation_id) where square_variation_id is not null');
    this.addSql(`create table square_webhook_deliveries (
      event_id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table square_webhook_deliveries');
    this.addSql('drop index products_square_variation_idx');
    this.addSql('alter table products drop column square_variation_id, drop column square_count, drop column square_count_at');
  }
}
