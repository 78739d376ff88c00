import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000_carts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table carts (
        id uuid primary key,
        session_id text not null,
        total_cents integer not null default 0,
        customer_name text,
        customer_email text,
        email_sent boolean not null default false,
        recovery_email_count integer not null default 0,
        abandoned_at timestamptz,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint carts_session_unique unique (session_id)
      )`);
    this.addSql(`
      create table cart_items (
        id uuid primary key,
        cart_id uuid not null references carts (id) on delete cascade,
        product_id integer not null,
        name text not null,
        image_url text not null,
        unit_price_cents integer not null,
        quantity integer not null check (quantity > 0),
        added_at timestamptz not null
      )`);
    this.addSql(`create index cart_items_cart_idx on cart_items (cart_id, added_at)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table cart_items');
    this.addSql('drop table carts');
  }
}
