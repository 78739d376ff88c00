import { Migration } from '@mikro-orm/migrations';

/** Sign-in sessions, the fulfilment of orders, and which products came from Square. */
export class Migration20261123130000_admin extends Migration {
  override async up(): Promise<void> {
    // The cookie carries a random token; only its SHA-256 is kept, so a copy of this table signs no one in.
    this.addSql(`
      create table sessions (
        token_hash text primary key,
        user_id text not null,
        email text not null,
        name text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`);
    this.addSql(`create index sessions_expires_idx on sessions (expires_at)`);
    this.addSql(`alter table orders add column fulfilled_as text, add column fulfilled_at timestamptz, add column tracking_number text`);
    this.addSql(`alter table products add column square_item_id text unique`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table products drop column square_item_id');
    this.addSql('alter table orders drop column fulfilled_as, drop column fulfilled_at, drop column tracking_number');
    this.addSql('drop table sessions');
  }
}
