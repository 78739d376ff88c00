import { Migration } from '@mikro-orm/migrations';

/** Discount codes redeemed by orders: one row per (code, email), so a code is used once per email. */
export class Migration20261123110000_discount_redemptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column discount_code text`);
    this.addSql(`
      create table discount_redemptions (
        code text not null,
        email text not null,
        order_id uuid not null unique,
        redeemed_at timestamptz not null,
        primary key (code, email)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table discount_redemptions');
    this.addSql('alter table orders drop column discount_code');
  }
}
