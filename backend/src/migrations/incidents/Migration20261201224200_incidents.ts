import { Migration } from '@mikro-orm/migrations';

/** The incidents the studio is told of (a web sale and a stall sale of the same units), newest first, by variant. */
export class Migration20261201224200_incidents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table incidents (
        id text primary key,
        kind text not null,
        product_id integer not null,
        variant_id text not null,
        name text not null,
        orders jsonb not null,
        square_count integer not null,
        opened_at timestamptz not null,
        resolved_at timestamptz,
        note text,
        emailed_at timestamptz,
        version integer not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index incidents_opened_at on incidents (opened_at desc)');
    this.addSql('create index incidents_variant on incidents (variant_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table incidents');
  }
}
