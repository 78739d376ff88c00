import { deciderSpec } from '../../test/support/decider-spec';
import { hoodieAdded, onlyVariant, productImported, reserved, sized, sizes, sold, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';
import { variantOf, type ExistingProduct, type ProductState } from './product.state';
import { duePushes } from './stock-push-due';

const spec = deciderSpec(productDecider);
const T1 = '2026-11-24T14:00:00.000Z';
const T2 = '2026-11-24T14:00:05.000Z';
const T3 = '2026-11-24T14:00:09.000Z';
/** A patch following Square's variation VAR: 2 on hand, as Square counted at T1. */
const linked = productImported([onlyVariant({ squareVariationId: 'VAR', stockQuantity: 2, squareCount: 2, squareCountAt: T1 })]);
const setStock = (stockQuantity: number, inStock = stockQuantity > 0) => ({ kind: 'SetStock' as const, productId: 7, variantId: '7-1', inStock, stockQuantity });
const adjusted = (n: number, quantity: number, stockQuantity: number, inStock = stockQuantity > 0): ProductEvent => ({
  type: 'StockAdjusted',
  data: { variantId: '7-1', change: `adjusted:${n}`, quantity, inStock, stockQuantity },
});
const state = (events: ProductEvent[]) => fold(productDecider, events) as ExistingProduct;
const variant = (events: ProductEvent[], variantId = '7-1') => variantOf(state(events), variantId)!;
const removed: ProductEvent = { type: 'VariantRemoved', data: { variantId: '7-1' } };
const refusal = (change: string) => ({
  kind: 'RecordSquareRefusal' as const,
  productId: 7,
  variantId: '7-1',
  change,
  status: 404,
  code: 'NOT_FOUND',
  detail: 'Item variation `VAR` not found.',
});
const refused = (change: string, quantity: number): ProductEvent => ({
  type: 'StockPushRefused',
  data: { variantId: '7-1', change, quantity, status: 404, code: 'NOT_FOUND', detail: 'Item variation `VAR` not found.' },
});

describe("the studio's stock change of a variant that follows Square", () => {
  it('is an adjustment by the units it moves, keyed by its number, rather than a count Square would overwrite', () => {
    spec
      .given(linked)
      .when(setStock(12))
      .then([adjusted(1, 10, 12)]);
    spec
      .given(linked, adjusted(1, 10, 12))
      .when(setStock(5))
      .then([adjusted(2, -7, 5)]);
    spec
      .given(linked)
      .when(setStock(0))
      .then([adjusted(1, -2, 0, false)]);
  });

  it('keeps the flag alone (Mark Sold Out) and an unchanged stock as before: the shop’s own', () => {
    spec
      .given(linked)
      .when(setStock(2, false))
      .then([stockSet('7-1', false, 2)]);
    spec.given(linked).when(setStock(2)).thenNothing();
  });

  it('sets the units as before where Square counts nothing: a variant not linked, or no longer sold', () => {
    spec
      .given(productImported([onlyVariant({ stockQuantity: 2 })]))
      .when(setStock(12))
      .then([stockSet('7-1', true, 12)]);
    spec
      .given(linked, removed)
      .when(setStock(12))
      .then([stockSet('7-1', true, 12)]);
  });

  it("is an adjustment in the variants table's edit too", () => {
    const edit = (stockQuantity: number) => ({
      kind: 'ChangeProductDetails' as const,
      productId: 7,
      changes: {},
      options: [],
      variants: [{ variantId: '7-1', options: {}, priceCents: 900, stock: { inStock: true, stockQuantity } }],
    });
    spec
      .given(linked)
      .when(edit(6))
      .then([adjusted(1, 4, 6)]);
  });

  it('is remembered as unpushed until Square answers, and counted once', () => {
    const after = variant([linked, adjusted(1, 10, 12)]);
    expect(after).toMatchObject({ stockQuantity: 12, inStock: true, unpushed: { 'adjusted:1': 10 }, adjustments: 1 });
    expect(variant([linked, adjusted(1, 10, 12), adjusted(2, -1, 11)])).toMatchObject({ unpushed: { 'adjusted:1': 10, 'adjusted:2': -1 }, adjustments: 2 });
  });

  it('survives a count from Square that predates it, and Square then holds it: restock 2 -> 12, one sale, both read 11', () => {
    // A count arrives before the adjustment reached Square (a stall's recount, the echo of an older push): 2 + 10.
    spec
      .given(linked, adjusted(1, 10, 12))
      .when({ kind: 'ApplySquareCount', productId: 7, squareVariationId: 'VAR', quantity: 2, calculatedAt: T2 })
      .then([stockSet('7-1', true, 12, { squareCount: 2, squareCountAt: T2 })]);
    // One online sale, then Square answers the adjustment (12, before the sale reached it): 12 - 1.
    const saleWaiting = [linked, adjusted(1, 10, 12), reserved('o1'), sold('o1')];
    expect(variant(saleWaiting).stockQuantity).toBe(11);
    spec
      .given(...saleWaiting)
      .when({ kind: 'RecordSquarePush', productId: 7, variantId: '7-1', change: 'adjusted:1', squareCount: 12, squareCountAt: T2 })
      .then([
        { type: 'StockPushedToSquare', data: { variantId: '7-1', change: 'adjusted:1', quantity: 10, squareCount: 12, squareCountAt: T2 } },
        stockSet('7-1', true, 11, { squareCount: 12, squareCountAt: T2 }),
      ]);
    const adjustmentPushed: ProductEvent = { type: 'StockPushedToSquare', data: { variantId: '7-1', change: 'adjusted:1', quantity: 10, squareCount: 12, squareCountAt: T2 } };
    spec
      .given(...saleWaiting, adjustmentPushed, stockSet('7-1', true, 11, { squareCount: 12, squareCountAt: T2 }))
      .when({ kind: 'RecordSquarePush', productId: 7, variantId: '7-1', change: 'sold:o1', squareCount: 11, squareCountAt: T3 })
      .then([
        { type: 'StockPushedToSquare', data: { variantId: '7-1', change: 'sold:o1', quantity: -1, squareCount: 11, squareCountAt: T3 } },
        stockSet('7-1', true, 11, { squareCount: 11, squareCountAt: T3 }),
      ]);
  });
});

describe('a stock change Square refuses for good', () => {
  const waiting = [linked, reserved('o1'), sold('o1')];

  it("is recorded once, with Square's status, code and detail and the units it moved", () => {
    spec
      .given(...waiting)
      .when(refusal('sold:o1'))
      .then([refused('sold:o1', -1)]);
    spec
      .given(...waiting, refused('sold:o1', -1))
      .when(refusal('sold:o1'))
      .thenNothing();
  });

  it('records nothing for a change pushed already, an unknown variant or no product', () => {
    spec
      .given(...waiting, { type: 'StockPushedToSquare', data: { variantId: '7-1', change: 'sold:o1', quantity: -1 } })
      .when(refusal('sold:o1'))
      .thenNothing();
    spec
      .given(...waiting)
      .when({ ...refusal('sold:o1'), variantId: '7-9' })
      .thenNothing();
    spec.given().when(refusal('sold:o1')).thenNothing();
  });

  it('is no longer unpushed (so no count subtracts it and the sweep leaves it) and is an alert until dismissed', () => {
    const after = variant([...waiting, refused('sold:o1', -1)]);
    expect(after.unpushed).toEqual({});
    expect(after.alerts).toEqual({ 'sold:o1': true });
    expect(after.stockQuantity).toBe(1);
  });

  it('is dismissed once by the studio, and the alert is gone', () => {
    const dismiss = { kind: 'DismissStockAlert' as const, productId: 7, variantId: '7-1', alert: 'sold:o1' };
    const dismissed: ProductEvent = { type: 'StockAlertDismissed', data: { variantId: '7-1', alert: 'sold:o1' } };
    spec
      .given(...waiting, refused('sold:o1', -1))
      .when(dismiss)
      .then([dismissed]);
    spec
      .given(...waiting, refused('sold:o1', -1), dismissed)
      .when(dismiss)
      .thenNothing();
    spec
      .given(...waiting)
      .when(dismiss)
      .thenNothing();
    spec
      .given(...waiting)
      .when({ ...dismiss, variantId: '7-9' })
      .thenThrows('VARIANT_NOT_FOUND');
    spec.given().when(dismiss).thenThrows('NOT_FOUND');
    expect(variant([...waiting, refused('sold:o1', -1), refused('x', 1), dismissed]).alerts).toEqual({ x: true });
    expect(variant([...waiting, refused('sold:o1', -1), dismissed]).alerts).toEqual({});
  });
});

describe("a refund's units for a variant no longer sold", () => {
  const sizedLinked = productImported([sized('S', { squareVariationId: 'VS' }), sized('M', { squareVariationId: 'VM' })], sizes);
  const mRemoved: ProductEvent = { type: 'VariantRemoved', data: { variantId: '7-2' } };
  const restock = (refundId = 'r1') => ({ kind: 'RestockFromRefund' as const, productId: 7, variantId: '7-2', orderId: 'o1', refundId, quantity: 2 });
  const refusedRestock = (refundId = 'r1'): ProductEvent => ({ type: 'RestockRefused', data: { variantId: '7-2', orderId: 'o1', refundId, quantity: 2, reason: 'VARIANT_REMOVED' } });
  const history = [sizedLinked, reserved('o1', 2, '7-2'), sold('o1', 2, '7-2'), mRemoved];

  it('do not land on it: the refusal is recorded once, and the studio is told', () => {
    spec
      .given(...history)
      .when(restock())
      .then([refusedRestock()]);
    spec
      .given(...history, refusedRestock())
      .when(restock())
      .thenNothing();
    const after = variant([...history, refusedRestock()], '7-2');
    expect(after).toMatchObject({ stockQuantity: 0, restocked: { r1: 0 }, alerts: { 'restock-refused:r1': true } });
    expect(after.unpushed).toEqual({ 'sold:o1': -2 });
  });

  it('still refuses a restock that is not a whole number of units', () => {
    spec
      .given(...history)
      .when({ ...restock(), quantity: 0 })
      .thenThrows('INVALID');
  });

  it('land as before on a variant still sold', () => {
    spec
      .given(sizedLinked, reserved('o1', 2, '7-2'), sold('o1', 2, '7-2'))
      .when(restock())
      .then([{ type: 'StockRestocked', data: { variantId: '7-2', orderId: 'o1', refundId: 'r1', quantity: 2 } }]);
  });
});

describe("the re-drive's choice of what is due", () => {
  const now = new Date('2026-11-24T14:10:00.000Z');
  const AFTER = 120_000;
  const row = (change: string, recordedAt: string, variantId = '7-1') => ({ eventId: `e-${change}`, variantId, change, recordedAt: new Date(recordedAt) });
  const waitingState = state([linked, reserved('o1'), sold('o1'), reserved('o2'), sold('o2')]);

  it('takes a change the stream still says is unpushed once it waited STOCK_PUSH_SWEEP_AFTER, and not a moment before', () => {
    const due = row('sold:o1', '2026-11-24T14:08:00.000Z');
    const early = row('sold:o2', '2026-11-24T14:08:00.001Z');
    expect(duePushes(waitingState, [due, early], now, AFTER)).toEqual([due]);
  });

  it('leaves what Square has (pushed), refused, or forgot with a new link, and changes of variants that follow nothing', () => {
    const old = '2026-11-24T14:00:00.000Z';
    const pushedOne = state([linked, reserved('o1'), sold('o1'), { type: 'StockPushedToSquare', data: { variantId: '7-1', change: 'sold:o1', quantity: -1 } }]);
    expect(duePushes(pushedOne, [row('sold:o1', old)], now, AFTER)).toEqual([]);
    expect(duePushes(state([linked, reserved('o1'), sold('o1'), refused('sold:o1', -1)]), [row('sold:o1', old)], now, AFTER)).toEqual([]);
    const relinked = state([linked, reserved('o1'), sold('o1'), { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'OTHER' } }]);
    expect(duePushes(relinked, [row('sold:o1', old)], now, AFTER)).toEqual([]);
    const unlinked = state([linked, reserved('o1'), sold('o1'), { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: null } }]);
    expect(duePushes(unlinked, [row('sold:o1', old)], now, AFTER)).toEqual([]);
    const shopOnly = state([hoodieAdded, reserved('o1', 1, '7-2'), sold('o1', 1, '7-2')]);
    expect(duePushes(shopOnly, [row('sold:o1', old, '7-2')], now, AFTER)).toEqual([]);
    expect(duePushes(waitingState, [row('sold:o1', old, '7-9')], now, AFTER)).toEqual([]);
    expect(duePushes({ exists: false } as ProductState, [row('sold:o1', old)], now, AFTER)).toEqual([]);
  });

  it("takes the studio's adjustments and a refund's restock like a sale", () => {
    const old = '2026-11-24T14:00:00.000Z';
    const s = state([linked, adjusted(1, 10, 12)]);
    expect(duePushes(s, [row('adjusted:1', old)], now, AFTER)).toEqual([row('adjusted:1', old)]);
  });
});
