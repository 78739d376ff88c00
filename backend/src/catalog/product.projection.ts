import { insertRow, json, toColumns, updateById, write, type SqlWrite } from '../platform/projections/sql-write';
import { streamProjection, type RowStamp } from '../platform/projections/stream-projection';
import type { ProjectedEvent } from '../platform/event-store/recorded-event';
import { productStream, restockChange, restockRefusedAlert, soldChange, type ProductEvent, type VariantDefinition } from './product.events';
import { upcastProductEvent } from './product-upcast';

/** The variant columns, by the event field that fills them. */
const VARIANT_COLUMNS = {
  name: 'name',
  sku: 'sku',
  priceCents: 'price_cents',
  imageUrl: 'image_url',
  inStock: 'in_stock',
  stockQuantity: 'stock_quantity',
  squareVariationId: 'square_variation_id',
  squareCount: 'square_count',
  squareCountAt: 'square_count_at',
};

const insertVariant = (productId: number, v: VariantDefinition): SqlWrite => {
  const columns = { ...toColumns(v, VARIANT_COLUMNS), options: json(v.options), image_url: v.imageUrl ?? '' };
  const names = Object.keys(columns);
  return write(
    `insert into product_variants (id, product_id, position, ${names.join(', ')})
     values (?, ?, (select coalesce(max(position), 0) + 1 from product_variants where product_id = ?), ${names.map(() => '?').join(', ')})`,
    v.variantId,
    productId,
    productId,
    ...Object.values(columns),
  );
};

/** The product row's summary of its variants on sale: lowest and highest price, units on hand and held, any in stock. */
const totals = (productId: number, stamp: RowStamp): SqlWrite =>
  write(
    `update products p set price_cents = coalesce(s.lo, p.price_cents), price_max_cents = coalesce(s.hi, p.price_max_cents), in_stock = coalesce(s.any_in, false),
            stock_quantity = coalesce(s.on_hand, 0), reserved_quantity = coalesce(s.held, 0), version = ?, updated_at = ?
       from (select min(price_cents) lo, max(price_cents) hi, bool_or(in_stock) any_in, sum(stock_quantity)::int on_hand, sum(reserved_quantity)::int held
               from product_variants where product_id = ? and not removed) s
      where p.id = ?`,
    stamp.version,
    stamp.updated_at,
    productId,
    productId,
  );

/**
 * A stock change Square's count must hear of, waiting (`stock_unpushed`, one row per change): the
 * sweep re-drives the oldest, and the alerts name those waiting too long. Only for a variant that
 * follows a variation, as the decider remembers it.
 */
const unpushed = (event: ProjectedEvent<ProductEvent>, variantId: string, change: string): SqlWrite =>
  write(
    `insert into stock_unpushed (event_id, product_id, variant_id, change, recorded_at)
     select ?, product_id, id, ?, ? from product_variants where id = ? and square_variation_id is not null
     on conflict do nothing`,
    event.eventId,
    change,
    event.recordedAt,
    variantId,
  );

const pushed = (variantId: string, change: string): SqlWrite => write('delete from stock_unpushed where variant_id = ? and change = ?', variantId, change);

/** A stock alert the studio dismisses (`stock_alert_notices`): a refused push, a refused restock. */
const notice = (id: number, event: ProjectedEvent<ProductEvent>, values: { variant_id: string; alert: string; kind: string; quantity: number } & Record<string, unknown>): SqlWrite =>
  write(
    `insert into stock_alert_notices (product_id, variant_id, alert, kind, quantity, status, code, detail, order_id, recorded_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict do nothing`,
    id,
    values.variant_id,
    values.alert,
    values.kind,
    values.quantity,
    values.status ?? null,
    values.code ?? null,
    values.detail ?? null,
    values.order_id ?? null,
    event.recordedAt,
  );

function writes(event: ProjectedEvent<ProductEvent>, id: number, stamp: RowStamp): SqlWrite[] {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductImportedFromSquare': {
      const { productId, variants, images, options, name, description, category, allowZeroPrice, sizeGuide } = event.data;
      const squareItemId = 'squareItemId' in event.data ? event.data.squareItemId : null;
      return [
        insertRow('products', {
          id: productId,
          name,
          description,
          category,
          images: json(images),
          options: json(options),
          image_url: images[0] ?? '',
          // Filled from the variants by `totals`.
          price_cents: 0,
          price_max_cents: 0,
          in_stock: false,
          stock_quantity: 0,
          reserved_quantity: 0,
          square_item_id: squareItemId,
          allow_zero_price: allowZeroPrice === true,
          status: 'draft' in event.data && event.data.draft ? 'draft' : 'active',
          size_guide: sizeGuide ?? '',
          ...stamp,
        }),
        ...variants.map((v) => insertVariant(productId, v)),
        totals(productId, stamp),
      ];
    }
    case 'ProductDetailsChanged': {
      const { images, allowZeroPrice, sizeGuide, ...rest } = event.data;
      const zeroPrice = allowZeroPrice === undefined ? {} : { allow_zero_price: allowZeroPrice };
      const guide = sizeGuide === undefined ? {} : { size_guide: sizeGuide };
      return [updateById('products', id, { ...rest, ...zeroPrice, ...guide, ...(images ? { images: json(images), image_url: images[0] ?? '' } : {}), ...stamp })];
    }
    case 'ProductOptionsChanged':
      return [updateById('products', id, { options: json(event.data.options), ...stamp })];
    case 'ProductLinkedToSquare':
      return [updateById('products', id, { square_item_id: event.data.squareItemId, ...stamp })];
    case 'ProductWithdrawnInSquare':
      return [updateById('products', id, { withdrawn_in_square: event.data.reason, ...stamp })];
    case 'ProductRestoredInSquare':
      return [updateById('products', id, { withdrawn_in_square: null, ...stamp })];
    case 'ProductPublished':
      return [updateById('products', id, { status: 'active', ...stamp })];
    case 'ProductDrafted':
      return [updateById('products', id, { status: 'draft', ...stamp })];
    case 'VariantAdded':
      return [insertVariant(id, event.data.variant), totals(id, stamp)];
    case 'VariantChanged': {
      const { options, ...rest } = event.data.changes;
      return [updateById('product_variants', event.data.variantId, { ...toColumns(rest, VARIANT_COLUMNS), options: json(options) ?? undefined }), totals(id, stamp)];
    }
    case 'VariantRemoved':
      return [updateById('product_variants', event.data.variantId, { removed: true }), totals(id, stamp)];
    case 'VariantLinkedToSquare':
      // A new link forgets the old variation's count (and its oversold mark).
      return [
        updateById('product_variants', event.data.variantId, { square_variation_id: event.data.squareVariationId, square_count: null, square_count_at: null }),
        // Changes made before the link are nobody's to push (as the decider forgets them).
        write('delete from stock_unpushed where variant_id = ?', event.data.variantId),
        totals(id, stamp),
      ];
    case 'StockSet': {
      const { variantId, squareCount, squareCountAt, ...stock } = event.data;
      const count = squareCountAt ? { square_count: squareCount, square_count_at: squareCountAt } : {};
      return [updateById('product_variants', variantId, { ...toColumns(stock, VARIANT_COLUMNS), ...count }), totals(id, stamp)];
    }
    case 'StockPushedToSquare':
      return [pushed(event.data.variantId, event.data.change), updateById('products', id, stamp)];
    case 'StockAdjusted': {
      const { variantId, change, quantity: _moved, ...stock } = event.data;
      return [updateById('product_variants', variantId, toColumns(stock, VARIANT_COLUMNS)), unpushed(event, variantId, change), totals(id, stamp)];
    }
    case 'StockPushRefused': {
      const { variantId, change, quantity, status, code, detail } = event.data;
      return [
        pushed(variantId, change),
        notice(id, event, { variant_id: variantId, alert: change, kind: 'push-refused', quantity, status, code, detail }),
        updateById('products', id, stamp),
      ];
    }
    case 'RestockRefused': {
      const { variantId, refundId, quantity, orderId } = event.data;
      return [notice(id, event, { variant_id: variantId, alert: restockRefusedAlert(refundId), kind: 'restock-refused', quantity, order_id: orderId }), updateById('products', id, stamp)];
    }
    case 'StockAlertDismissed':
      return [write('delete from stock_alert_notices where variant_id = ? and alert = ?', event.data.variantId, event.data.alert), updateById('products', id, stamp)];
    case 'StockReserved':
      return [write('update product_variants set reserved_quantity = reserved_quantity + ? where id = ?', event.data.quantity, event.data.variantId), totals(id, stamp)];
    case 'StockReleased':
      return [write('update product_variants set reserved_quantity = greatest(0, reserved_quantity - ?) where id = ?', event.data.quantity, event.data.variantId), totals(id, stamp)];
    case 'StockSold':
      // Mirrors the decider's evolve: never below zero, sold out when the last unit goes.
      // A sale paid through a Square order is not pushed; one a Square count already showed lowers nothing more.
      return [
        ...(event.data.square ? [] : [unpushed(event, event.data.variantId, soldChange(event.data.orderId))]),
        write(
          `update product_variants set stock_quantity = greatest(0, stock_quantity - ?), in_stock = in_stock and stock_quantity - ? > 0,
           reserved_quantity = greatest(0, reserved_quantity - ?) where id = ?`,
          event.data.square === 'counted' ? 0 : event.data.quantity,
          event.data.square === 'counted' ? 0 : event.data.quantity,
          event.data.quantity,
          event.data.variantId,
        ),
        totals(id, stamp),
      ];
    case 'StockRestocked':
      // Mirrors the decider's evolve: an operator's Mark Sold Out (flag off while units remain) stays.
      return [
        unpushed(event, event.data.variantId, restockChange(event.data.refundId)),
        write(
          `update product_variants set in_stock = not (not in_stock and stock_quantity > 0) and stock_quantity + ? > 0, stock_quantity = stock_quantity + ? where id = ?`,
          event.data.quantity,
          event.data.quantity,
          event.data.variantId,
        ),
        totals(id, stamp),
      ];
  }
}

export const productProjection = streamProjection<ProductEvent, number>(
  { name: 'products', tables: ['products', 'product_variants', 'stock_unpushed', 'stock_alert_notices'], stream: productStream },
  (event, id, stamp) => upcastProductEvent(event, id).flatMap((current) => writes(current, id, stamp)),
);
