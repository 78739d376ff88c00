import { Migration } from '@mikro-orm/migrations';

/** A product whose Square item was archived or deleted is not listed nor sold: why, while it is so (null: on sale). */
export class Migration20261201210000_product_withdrawn_in_square extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table products add column withdrawn_in_square text check (withdrawn_in_square in ('archived', 'deleted', 'missing'))`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table products drop column withdrawn_in_square');
  }
}
