import { Migration } from '@mikro-orm/migrations';

/** The studio's calendar of markets and open-studio nights, read soonest first. */
export class Migration20261125200000_local_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table local_events (
        id text primary key,
        title text not null,
        starts_at timestamptz not null,
        ends_at timestamptz,
        place text not null,
        address text not null,
        map_url text,
        note text,
        version integer not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index local_events_starts_at on local_events (starts_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table local_events');
  }
}
