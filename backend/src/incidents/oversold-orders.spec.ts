import type { ProductEvent } from '../catalog';
import { latestSquareCount, oversoldOrders } from './oversold-orders';

const V = '7-1';
const sold = (orderId: string, variantId = V): ProductEvent => ({ type: 'StockSold', data: { variantId, orderId, quantity: 1 } });
const inOrder = (orderId: string, square: 'sold-in-order' | 'counted' = 'sold-in-order'): ProductEvent => ({ type: 'StockSold', data: { variantId: V, orderId, quantity: 1, square } });
const pushed = (orderId: string, squareCount?: number, variantId = V): ProductEvent => ({
  type: 'StockPushedToSquare',
  data: { variantId, change: `sold:${orderId}`, quantity: -1, ...(squareCount === undefined ? {} : { squareCount, squareCountAt: '2026-12-01T10:00:00Z' }) },
});
const counted = (squareCount: number, variantId = V): ProductEvent => ({
  type: 'StockSet',
  data: { variantId, inStock: squareCount > 0, stockQuantity: Math.max(0, squareCount), squareCount, squareCountAt: '2026-12-01T10:00:00Z' },
});

describe('which online orders a count below zero involves', () => {
  it('the race for the last unit: the sale whose push Square answered below zero', () => {
    expect(oversoldOrders([counted(1), sold('a'), counted(0), pushed('a', -1), counted(-1)], V)).toStrictEqual(['a']);
  });

  it('sales still unpushed when Square already counts below zero', () => {
    expect(oversoldOrders([counted(0), sold('a'), sold('b'), counted(-1)], V)).toStrictEqual(['a', 'b']);
    // Sold again by the same order (a second line): once.
    expect(oversoldOrders([sold('a'), sold('a'), counted(-1)], V)).toStrictEqual(['a']);
  });

  it('short pushes first, then the unpushed sales, oldest first', () => {
    expect(oversoldOrders([sold('a'), sold('b'), pushed('a', -1), sold('c'), pushed('c', -2)], V)).toStrictEqual(['a', 'c', 'b']);
  });

  it('not the sales Square had a unit for: a push answered with zero or more', () => {
    expect(oversoldOrders([sold('a'), pushed('a', 0), counted(-1)], V)).toStrictEqual([]);
  });

  it('a count of zero or more ends the run of short pushes (a recount, a restock)', () => {
    expect(oversoldOrders([sold('a'), pushed('a', -1), counted(3), sold('b'), pushed('b', -1)], V)).toStrictEqual(['b']);
    expect(oversoldOrders([sold('a'), pushed('a', -1), counted(0)], V)).toStrictEqual([]);
    // A count below zero does not end it.
    expect(oversoldOrders([sold('a'), pushed('a', -1), counted(-2)], V)).toStrictEqual(['a']);
  });

  it("a restock's push answered with zero or more ends it too; one below zero names nobody", () => {
    const restockPush = (squareCount: number): ProductEvent => ({
      type: 'StockPushedToSquare',
      data: { variantId: V, change: 'restocked:r1', quantity: 1, squareCount, squareCountAt: '2026-12-01T10:00:00Z' },
    });
    expect(oversoldOrders([sold('a'), pushed('a', -2), restockPush(-1)], V)).toStrictEqual(['a']);
    expect(oversoldOrders([sold('a'), pushed('a', -1), restockPush(0)], V)).toStrictEqual([]);
  });

  it('a push answered without a count leaves the sale pushed and the run as it was', () => {
    expect(oversoldOrders([sold('a'), pushed('a', -1), sold('b'), pushed('b')], V)).toStrictEqual(['a']);
  });

  it('a count the operator set (no Square count) changes nothing', () => {
    const set: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 4 } };
    expect(oversoldOrders([sold('a'), pushed('a', -1), set], V)).toStrictEqual(['a']);
  });

  it('only the variant counted: other sizes sell and push apart', () => {
    expect(oversoldOrders([sold('a', '7-2'), sold('b'), pushed('a', -1, '7-2'), counted(5, '7-2'), counted(-1)], V)).toStrictEqual(['b']);
    expect(oversoldOrders([sold('a'), pushed('a', -1), counted(4, '7-2'), pushed('x', 0, '7-2')], V)).toStrictEqual(['a']);
  });

  it('a new link to Square starts afresh', () => {
    const link = (variantId: string): ProductEvent => ({ type: 'VariantLinkedToSquare', data: { variantId, squareVariationId: 'SQ-2' } });
    expect(oversoldOrders([sold('a'), sold('b'), pushed('a', -1), link(V)], V)).toStrictEqual([]);
    expect(oversoldOrders([sold('a'), pushed('a', -1), sold('b'), link('7-2')], V)).toStrictEqual(['a', 'b']);
  });

  it('a sale paid through a Square order: the count read after it, below zero, names it', () => {
    expect(oversoldOrders([counted(0), inOrder('a'), counted(-1)], V)).toStrictEqual(['a']);
    // Not before a count shows it, and never as unpushed.
    expect(oversoldOrders([counted(-1), inOrder('a')], V)).toStrictEqual([]);
    // A push's answer below zero holds it too.
    expect(oversoldOrders([inOrder('a'), sold('b'), pushed('b', -1)], V)).toStrictEqual(['a', 'b']);
    // The same order's second line: once.
    expect(oversoldOrders([inOrder('a'), inOrder('a'), counted(-1)], V)).toStrictEqual(['a']);
  });

  it('a sale paid through a Square order that Square had a unit for: a count of zero or more clears it', () => {
    expect(oversoldOrders([inOrder('a'), counted(0), counted(-1)], V)).toStrictEqual([]);
    expect(oversoldOrders([inOrder('a'), sold('b'), pushed('b', 0), counted(-1)], V)).toStrictEqual([]);
    expect(oversoldOrders([counted(1), inOrder('a'), counted(-1), counted(2), inOrder('b'), counted(-1)], V)).toStrictEqual(['b']);
  });

  it('a sale paid through a Square order recorded after the count that showed it: short when that count is below zero', () => {
    expect(oversoldOrders([counted(-1), inOrder('a', 'counted')], V)).toStrictEqual(['a']);
    expect(oversoldOrders([counted(0), inOrder('a', 'counted')], V)).toStrictEqual([]);
    expect(oversoldOrders([sold('b'), pushed('b', -2), inOrder('a', 'counted'), inOrder('a', 'counted')], V)).toStrictEqual(['b', 'a']);
    expect(oversoldOrders([inOrder('a', 'counted')], V)).toStrictEqual([]);
  });

  it("order-paid sales of another variant, or from before a new link, are not this count's", () => {
    const other: ProductEvent = { type: 'StockSold', data: { variantId: '7-2', orderId: 'x', quantity: 1, square: 'sold-in-order' } };
    expect(oversoldOrders([other, counted(-1)], V)).toStrictEqual([]);
    expect(oversoldOrders([inOrder('a'), counted(-1, '7-2'), counted(-1)], V)).toStrictEqual(['a']);
    const link: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: V, squareVariationId: 'SQ-2' } };
    expect(oversoldOrders([inOrder('a'), link, counted(-1)], V)).toStrictEqual([]);
    expect(oversoldOrders([counted(-1), link, inOrder('a', 'counted')], V)).toStrictEqual([]);
  });
});

describe("Square's latest count of a variant", () => {
  it('is the last count read or push answered for it, none before any or since a new link', () => {
    const set: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 4 } };
    expect(latestSquareCount([], V)).toBeUndefined();
    expect(latestSquareCount([counted(2), pushed('a', -1), set, sold('b')], V)).toBe(-1);
    expect(latestSquareCount([pushed('a', -1), counted(3), pushed('b')], V)).toBe(3);
    expect(latestSquareCount([counted(-1), counted(5, '7-2'), pushed('x', 4, '7-2')], V)).toBe(-1);
    expect(latestSquareCount([counted(-1), { type: 'VariantLinkedToSquare', data: { variantId: V, squareVariationId: 'SQ-2' } }], V)).toBeUndefined();
    expect(latestSquareCount([counted(-1), { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'SQ-2' } }], V)).toBe(-1);
  });
});
