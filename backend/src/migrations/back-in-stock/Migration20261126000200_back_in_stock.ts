import { Migration } from '@mikro-orm/migrations';

/**
 * The back-in-stock requests read table: one row per address and variant, where its latest request
 * stands; `asked_position` (the ask's place in the event store) orders a variant's list.
 */
export class Migration20261126000200_back_in_stock extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table back_in_stock_requests (
        id text primary key,
        product_id integer not null,
        variant_id text not null,
        email text not null,
        status text not null check (status in ('pending', 'confirmed', 'emailed', 'left')),
        round integer not null,
        asked_position bigint not null,
        asked_at timestamptz not null,
        confirmed_at timestamptz,
        emailed_at timestamptz,
        left_at timestamptz,
        version integer not null,
        updated_at timestamptz not null
      )`);
    // The list the worker reads when a variant comes back, and the admin's counts.
    this.addSql(`create index back_in_stock_waiting_idx on back_in_stock_requests (variant_id, asked_position) where status = 'confirmed'`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table back_in_stock_requests');
  }
}
