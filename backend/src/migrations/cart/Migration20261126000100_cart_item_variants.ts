import { Migration } from '@mikro-orm/migrations';

/** Cart lines name the variant bought; lines from before variants bought their product's only one, `<productId>-1`. */
export class Migration20261126000100_cart_item_variants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table cart_items add column variant_id text, add column variant_name text not null default ''`);
    this.addSql(`update cart_items set variant_id = product_id || '-1'`);
    this.addSql('alter table cart_items alter column variant_id set not null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table cart_items drop column variant_id, drop column variant_name');
  }
}
