import { Migration } from '@mikro-orm/migrations';

/** Whether the studio sells the product at $0.00: its zero-priced variants are listed online only then. */
export class Migration20261201120100_zero_price extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table products add column allow_zero_price boolean not null default false');
  }

  override async down(): Promise<void> {
    this.addSql('alter table products drop column allow_zero_price');
  }
}
