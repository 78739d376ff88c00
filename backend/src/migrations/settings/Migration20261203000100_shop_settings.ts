import { Migration } from '@mikro-orm/migrations';

/** The shop's settings the studio edits (one row, `shop`, once changed; the defaults live in the code until then). */
export class Migration20261203000100_shop_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table shop_settings (
      id text primary key,
      brand text not null,
      apparel_gender text not null,
      apparel_age_group text not null,
      default_color text not null,
      version integer not null,
      updated_at timestamptz not null
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table shop_settings');
  }
}
