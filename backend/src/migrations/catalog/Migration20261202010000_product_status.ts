import { Migration } from '@mikro-orm/migrations';

/** A draft is not listed, sold nor written to Square until the studio publishes it; every product before drafts is active. */
export class Migration20261202010000_product_status extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table products add column status text not null default 'active' check (status in ('draft', 'active'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table products drop column status');
  }
}
