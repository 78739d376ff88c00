import { Migration } from '@mikro-orm/migrations';

/** Stock held by checkouts, the cart's checkout lock, and the orders read table. */
export class Migration20261123000000_checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table products add column reserved_quantity integer not null default 0 check (reserved_quantity >= 0)`);
    this.addSql(`alter table carts add column checkout_order_id uuid`);
    this.addSql(`create sequence order_numbers start 1001`);
    this.addSql(`
      create table orders (
        id uuid primary key,
        order_number text not null unique,
        cart_id uuid not null,
        status text not null,
        customer_name text not null,
        customer_email text not null,
        fulfillment_method text not null,
        shipping_address jsonb,
        lines jsonb not null,
        subtotal_cents integer not null,
        shipping_cents integer not null,
        discount_cents integer not null,
        total_cents integer not null,
        payment_id text,
        failure_code text,
        failure_message text,
        confirmation_sent_at timestamptz,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index orders_status_idx on orders (status, updated_at)`);
    this.addSql(`create index orders_created_idx on orders (created_at desc)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table orders');
    this.addSql('drop sequence order_numbers');
    this.addSql('alter table carts drop column checkout_order_id');
    this.addSql('alter table products drop column reserved_quantity');
  }
}
