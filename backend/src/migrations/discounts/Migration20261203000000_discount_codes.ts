import { Migration } from '@mikro-orm/migrations';

/**
 * The studio's discount codes and automatic sales (one row per code not deleted), and each one's
 * uses: checkouts holding one (`reserved`) and paid orders (`redeemed`), for the admin's counts.
 */
export class Migration20261203000000_discount_codes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table discount_codes (
        code text primary key,
        type text not null,
        value integer not null,
        minimum_subtotal_cents integer not null,
        starts_at timestamptz,
        ends_at timestamptz,
        usage_limit integer,
        once_per_customer boolean not null,
        product_ids jsonb not null,
        categories jsonb not null,
        combines boolean not null,
        automatic boolean not null,
        description text not null,
        created_at timestamptz not null,
        version integer not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index discount_codes_automatic on discount_codes (code) where automatic');
    this.addSql(`
      create table discount_uses (
        code text not null,
        order_id text not null,
        email text not null,
        card_fingerprint text,
        status text not null,
        total_cents integer not null default 0,
        discount_cents integer not null default 0,
        at timestamptz not null,
        primary key (code, order_id)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table discount_uses');
    this.addSql('drop table discount_codes');
  }
}
