import { Migration } from '@mikro-orm/migrations';

/** The newsletter's subscribers read table. */
export class Migration20261123100000_newsletter extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table subscribers (
        id text primary key,
        email text not null unique,
        name text,
        subscribed boolean not null,
        joined_at timestamptz not null,
        left_at timestamptz,
        square_customer_id text,
        welcome_sent_at timestamptz,
        version integer not null,
        updated_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table subscribers');
  }
}
