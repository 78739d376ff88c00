import { Migration } from '@mikro-orm/migrations';

/**
 * The shop's copies of Square's pictures (one row per Square IMAGE: the file asked for, the items
 * waiting for it, the catalogue's address of the copy once kept); where the last catalogue sync
 * left off (Square's `latest_time` when it read, the `begin_time` of the next sync after a webhook);
 * and the catalogue versions the shop's own writes to Square made (their `updated_at`, and the
 * objects at the versions Square answered), by which the webhooks they cause are recognized.
 */
export class Migration20261203100000_square_pictures_and_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table square_pictures (
      id text primary key,
      url text not null,
      waiting jsonb not null,
      picture text,
      failed boolean not null default false,
      version integer not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create table square_catalog_sync (
      id smallint primary key default 1 check (id = 1),
      since text not null,
      synced_at timestamptz not null default now()
    )`);
    this.addSql(`create table square_own_catalog_writes (
      updated_at timestamptz primary key,
      objects jsonb not null,
      written_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table square_own_catalog_writes');
    this.addSql('drop table square_catalog_sync');
    this.addSql('drop table square_pictures');
  }
}
