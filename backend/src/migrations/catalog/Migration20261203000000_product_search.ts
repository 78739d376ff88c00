import { Migration } from '@mikro-orm/migrations';

/** The category labels when this migration was written, for the rows it fills (the projection passes the current ones). */
const LABELS = {
  apparel: 'Clothing',
  patches: 'Patches',
  'framed-art': 'Framed Art',
  portraits: 'Portraits',
  pride: 'Pride Collection',
  custom: 'Custom',
  originals: 'Originals',
  other: 'Other',
};

/**
 * The storefront's search (`GET /api/products?q=`): per product a weighted full-text document
 * (name A; category, option values and SKUs B; description C) with its SKUs, and the vocabulary of
 * every word the documents hold, whose trigram index (pg_trgm) turns a mistyped word into the words
 * it may have meant. `product_search_refresh` rebuilds one product's row from the read tables; the
 * catalogue's search projection calls it after the products projection has written the event.
 * The embedded database (PGlite) loads pg_trgm as an extension too.
 */
export class Migration20261203000000_product_search extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`create table product_search (
      product_id integer primary key,
      document tsvector not null,
      skus text[] not null default '{}'
    )`);
    this.addSql('create index product_search_document_idx on product_search using gin (document)');
    this.addSql('create index product_search_skus_idx on product_search using gin (skus)');
    this.addSql('create table product_search_words (word text primary key)');
    this.addSql('create index product_search_words_trgm_idx on product_search_words using gin (word gin_trgm_ops)');
    // In bytewise order ("C"), the words a prefix begins are one range of this index.
    this.addSql('create index product_search_words_prefix_idx on product_search_words (word collate "C")');
    this.addSql(`create function product_search_refresh(p_id integer, p_labels jsonb) returns void language sql as $$
      with doc as (
        select p.id,
               setweight(to_tsvector('simple', p.name), 'A')
               || setweight(to_tsvector('simple', concat_ws(' ', p_labels ->> p.category, p.category,
                    (select string_agg(ov.value, ' ') from jsonb_array_elements(p.options) o, jsonb_array_elements_text(o -> 'values') ov),
                    (select string_agg(v.sku, ' ') from product_variants v where v.product_id = p.id and not v.removed))), 'B')
               || setweight(to_tsvector('simple', p.description), 'C') as document,
               coalesce((select array_agg(distinct lower(v.sku)) from product_variants v where v.product_id = p.id and not v.removed and v.sku is not null), '{}') as skus
          from products p where p.id = p_id
      ), words as (
        insert into product_search_words (word) select distinct unnest(tsvector_to_array(document)) from doc on conflict do nothing
      )
      insert into product_search (product_id, document, skus) select id, document, skus from doc
      on conflict (product_id) do update set document = excluded.document, skus = excluded.skus
    $$`);
    this.addSql(`select product_search_refresh(id, '${JSON.stringify(LABELS)}'::jsonb) from products`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function product_search_refresh(integer, jsonb)');
    this.addSql('drop table product_search_words');
    this.addSql('drop table product_search');
  }
}
