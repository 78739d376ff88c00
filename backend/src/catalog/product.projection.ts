import { insertRow, toColumns, updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { productStream, type ProductEvent } from './product.events';

/** The products table's columns, by the event field that fills them. */
const COLUMNS = {
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  imageUrl: 'image_url',
  category: 'category',
  inStock: 'in_stock',
  stockQuantity: 'stock_quantity',
  squareItemId: 'square_item_id',
  squareVariationId: 'square_variation_id',
  squareCount: 'square_count',
  squareCountAt: 'square_count_at',
};

export const productProjection = streamProjection<ProductEvent, number>({ name: 'products', tables: ['products'], stream: productStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductImportedFromSquare': {
      const { productId, ...fields } = event.data;
      return [insertRow('products', { id: productId, ...toColumns(fields, COLUMNS), reserved_quantity: 0, ...stamp })];
    }
    case 'ProductDetailsChanged':
    case 'StockSet':
      return [updateById('products', id, { ...toColumns(event.data, COLUMNS), ...stamp })];
    case 'ProductLinkedToSquare':
      // A new link forgets the old variation's count (and its oversold mark).
      return [
        updateById('products', id, { square_item_id: event.data.squareItemId, square_variation_id: event.data.squareVariationId, square_count: null, square_count_at: null, ...stamp }),
      ];
    case 'StockPushedToSquare':
      return [updateById('products', id, stamp)];
    case 'StockReserved':
      return [write('update products set reserved_quantity = reserved_quantity + ?, version = ?, updated_at = ? where id = ?', event.data.quantity, stamp.version, stamp.updated_at, id)];
    case 'StockReleased':
      return [
        write(
          'update products set reserved_quantity = greatest(0, reserved_quantity - ?), version = ?, updated_at = ? where id = ?',
          event.data.quantity,
          stamp.version,
          stamp.updated_at,
          id,
        ),
      ];
    case 'StockSold':
      // Mirrors the decider's evolve: never below zero, sold out when the last unit goes.
      return [
        write(
          `update products set stock_quantity = greatest(0, stock_quantity - ?), in_stock = in_stock and stock_quantity - ? > 0,
           reserved_quantity = greatest(0, reserved_quantity - ?), version = ?, updated_at = ? where id = ?`,
          event.data.quantity,
          event.data.quantity,
          event.data.quantity,
          stamp.version,
          stamp.updated_at,
          id,
        ),
      ];
    case 'StockRestocked':
      // Mirrors the decider's evolve: an operator's Mark Sold Out (flag off while units remain) stays.
      return [
        write(
          `update products set in_stock = not (not in_stock and stock_quantity > 0) and stock_quantity + ? > 0, stock_quantity = stock_quantity + ?, version = ?, updated_at = ? where id = ?`,
          event.data.quantity,
          event.data.quantity,
          stamp.version,
          stamp.updated_at,
          id,
        ),
      ];
    default:
      return [];
  }
});
