import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_platform_and_catalog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table events (
        global_position bigserial primary key,
        event_id uuid not null unique,
        stream_id text not null,
        stream_type text not null,
        version integer not null,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        constraint events_stream_version_unique unique (stream_id, version)
      )`);
    this.addSql(`create index events_stream_type_idx on events (stream_type, global_position)`);
    this.addSql(`
      create table outbox (
        position bigserial primary key,
        event_id uuid not null references events (event_id),
        queue text not null,
        job_name text not null,
        payload jsonb not null,
        created_at timestamptz not null default now(),
        claimed_until timestamptz,
        attempts integer not null default 0,
        last_error text,
        sent_at timestamptz,
        constraint outbox_event_queue_unique unique (event_id, queue)
      )`);
    this.addSql(`create index outbox_unsent_idx on outbox (position) where sent_at is null`);
    this.addSql(`create sequence product_ids`);
    this.addSql(`
      create table products (
        id integer primary key,
        name text not null,
        description text not null,
        price_cents integer not null check (price_cents >= 0),
        image_url text not null,
        category text not null,
        in_stock boolean not null,
        stock_quantity integer not null check (stock_quantity >= 0),
        version integer not null,
        updated_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table products');
    this.addSql('drop sequence product_ids');
    this.addSql('drop table outbox');
    this.addSql('drop table events');
  }
}
