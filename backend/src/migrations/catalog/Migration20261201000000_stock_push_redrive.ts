import { Migration } from '@mikro-orm/migrations';

/**
 * The stock changes already waiting when this migration runs, read from the streams: a sale or a
 * refund's restock of a linked variant with no push recorded after it, nor a new link since.
 */
export const UNPUSHED_FROM_STREAMS = `insert into stock_unpushed (event_id, product_id, variant_id, change, recorded_at)
      select c.event_id, c.product_id, c.variant_id, c.change, c.recorded_at
        from (select e.event_id, e.stream_id, e.version, e.recorded_at, substring(e.stream_id from 9)::int as product_id,
                     coalesce(e.data->>'variantId', substring(e.stream_id from 9) || '-1') as variant_id,
                     case e.type when 'StockSold' then 'sold:' || (e.data->>'orderId') else 'restocked:' || (e.data->>'refundId') end as change
                from events e where e.stream_type = 'Product' and e.type in ('StockSold', 'StockRestocked')) c
        join product_variants v on v.id = c.variant_id and v.square_variation_id is not null
       where not exists (select 1 from events f where f.stream_id = c.stream_id and f.version > c.version and (
               (f.type = 'StockPushedToSquare' and coalesce(f.data->>'variantId', c.variant_id) = c.variant_id and f.data->>'change' = c.change)
               or (f.type = 'VariantLinkedToSquare' and f.data->>'variantId' = c.variant_id)
               or (f.type = 'ProductLinkedToSquare' and jsonb_exists(f.data, 'squareVariationId'))))
      on conflict do nothing`;

/**
 * Stock changes Square's count has not heard of yet, one row per change (the product stream's
 * `unpushed`), oldest first for the sweep that sends them again; and the stock alerts the studio
 * dismisses (a push Square refused for good, a refund's units not put back on a variant no longer sold).
 * Both are filled by the products projection; the changes already waiting are read from the streams
 * here (`UNPUSHED_FROM_STREAMS`).
 */
export class Migration20261201000000_stock_push_redrive extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table stock_unpushed (
      event_id uuid primary key,
      product_id integer not null,
      variant_id text not null,
      change text not null,
      recorded_at timestamptz not null,
      unique (variant_id, change)
    )`);
    this.addSql('create index stock_unpushed_recorded_at_idx on stock_unpushed (recorded_at)');
    this.addSql(UNPUSHED_FROM_STREAMS);
    this.addSql(`create table stock_alert_notices (
      product_id integer not null,
      variant_id text not null,
      alert text not null,
      kind text not null,
      quantity integer not null,
      status integer,
      code text,
      detail text,
      order_id text,
      recorded_at timestamptz not null,
      primary key (variant_id, alert)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table stock_alert_notices');
    this.addSql('drop table stock_unpushed');
  }
}
