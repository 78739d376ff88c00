import { Migration } from '@mikro-orm/migrations';

/** The studio's size guide per product: plain text shown beside the size picker ('' for none). */
export class Migration20261202030000_size_guide extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table products add column size_guide text not null default ''");
  }

  override async down(): Promise<void> {
    this.addSql('alter table products drop column size_guide');
  }
}
