import { Migration } from '@mikro-orm/migrations';

/**
 * Products with variants: one row per variant (its price, stock, what checkouts hold, the Square
 * variation it follows), the product's gallery and options, and its highest price beside the lowest.
 * Every product that exists becomes a product with one variant, `<id>-1`, as its events read today;
 * the product's own stock columns then hold the sums over its variants on sale.
 */
export class Migration20261126000000_product_variants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table product_variants (
      id text primary key,
      product_id integer not null references products (id),
      position integer not null,
      name text not null,
      options jsonb not null default '{}',
      sku text,
      price_cents integer not null check (price_cents >= 0),
      image_url text not null default '',
      in_stock boolean not null,
      stock_quantity integer not null check (stock_quantity >= 0),
      reserved_quantity integer not null default 0 check (reserved_quantity >= 0),
      removed boolean not null default false,
      square_variation_id text,
      square_count integer,
      square_count_at text,
      unique (product_id, position)
    )`);
    this.addSql('create index product_variants_square_variation_idx on product_variants (square_variation_id) where square_variation_id is not null');
    this.addSql(`alter table products add column images jsonb not null default '[]', add column options jsonb not null default '[]', add column price_max_cents integer`);
    this.addSql(`update products set images = case when image_url <> '' then jsonb_build_array(image_url) else '[]'::jsonb end, price_max_cents = price_cents`);
    this.addSql(`alter table products alter column price_max_cents set not null`);
    this.addSql(`insert into product_variants (id, product_id, position, name, price_cents, in_stock, stock_quantity, reserved_quantity, square_variation_id, square_count, square_count_at)
      select id || '-1', id, 1, '', price_cents, in_stock, stock_quantity, reserved_quantity, square_variation_id, square_count, square_count_at from products`);
    this.addSql('drop index products_square_variation_idx');
    this.addSql('alter table products drop column square_variation_id, drop column square_count, drop column square_count_at');
  }

  override async down(): Promise<void> {
    this.addSql('alter table products add column square_variation_id text, add column square_count integer, add column square_count_at text');
    this.addSql(`update products p set square_variation_id = v.square_variation_id, square_count = v.square_count, square_count_at = v.square_count_at
      from product_variants v where v.id = p.id || '-1'`);
    this.addSql('create index products_square_variation_idx on products (square_variation_id) where square_variation_id is not null');
    this.addSql('alter table products drop column images, drop column options, drop column price_max_cents');
    this.addSql('drop table product_variants');
  }
}
