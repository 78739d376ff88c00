import type { serialization } from 'square';
import { findVariation } from './catalog-objects';
import type { EmulatorState } from './emulator-state';
import { newId } from './ids';
import { LOCATION } from './locations';
import { invalidRequest, missingParameter, notFound } from './square-error';

export type OrderRaw = serialization.Order.Raw;
type LineRaw = serialization.OrderLineItem.Raw;
type DiscountRaw = serialization.OrderLineItemDiscount.Raw;
type ServiceChargeRaw = serialization.OrderServiceCharge.Raw;

const money = (amount: number): serialization.Money.Raw => ({ amount, currency: LOCATION.currency as serialization.Currency.Raw });
const cents = (m: serialization.Money.Raw | null | undefined): number => Number(m?.amount ?? 0);
const QUANTITY = /^\d{1,10}$/;

/**
 * Prices an order as Square does, without taxes (the studio charges none): each line's gross sale
 * (its catalog variation's price unless the line names its own `base_price_money`), then the
 * discounts in Square's order (line percentages, order percentages, line amounts, order amounts; an
 * order-scoped discount is spread over the lines by their amount, the last line taking the cents
 * left over), then the service charges. Lines, discounts and charges get a `uid` when they have none.
 */
export function priceOrder(state: EmulatorState, order: OrderRaw, field = 'order'): OrderRaw {
  const lines = (order.line_items ?? []).map((line, i) => catalogLine(state, { ...line, uid: line.uid ?? newId.uid() }, `${field}.line_items[${i}]`));
  const discounts = (order.discounts ?? []).map((d, i) => checkDiscount({ ...d, uid: d.uid ?? newId.uid() }, `${field}.discounts[${i}]`));
  const charges = (order.service_charges ?? []).map((c, i) => checkCharge({ ...c, uid: c.uid ?? newId.uid() }, `${field}.service_charges[${i}]`));

  const gross = lines.map((line) => cents(line.base_price_money) * Number(line.quantity));
  const left = [...gross];
  const applied = new Map<string, number[]>(discounts.map((d) => [d.uid as string, lines.map(() => 0)]));
  const appliesTo = (d: DiscountRaw, i: number) => d.scope !== 'LINE_ITEM' || (lines[i].applied_discounts ?? []).some((a) => a.discount_uid === d.uid);
  lines.forEach((line, i) =>
    (line.applied_discounts ?? []).forEach((a) => {
      if (!discounts.some((x) => x.uid === a.discount_uid))
        throw invalidRequest('INVALID_VALUE', `No discount with uid ${a.discount_uid} in this order.`, `${field}.line_items[${i}].applied_discounts`);
    }),
  );
  const phases: [DiscountRaw['type'], boolean][] = [
    ['FIXED_PERCENTAGE', true],
    ['FIXED_PERCENTAGE', false],
    ['FIXED_AMOUNT', true],
    ['FIXED_AMOUNT', false],
  ];
  for (const [type, lineScoped] of phases) {
    for (const d of discounts.filter((x) => x.type === type && (x.scope === 'LINE_ITEM') === lineScoped)) {
      const targets = lines.map((_, i) => i).filter((i) => appliesTo(d, i));
      const shares = applied.get(d.uid as string)!;
      if (lineScoped && type === 'FIXED_AMOUNT') {
        // A line-scoped amount comes off each line it names, never below zero.
        for (const i of targets) shares[i] = Math.min(cents(d.amount_money) * Number(lines[i].quantity), left[i]);
      } else {
        const base = targets.reduce((sum, i) => sum + left[i], 0);
        const off = type === 'FIXED_PERCENTAGE' ? Math.round((base * Number(d.percentage)) / 100) : Math.min(cents(d.amount_money), base);
        let given = 0;
        targets.forEach((i, n) => {
          shares[i] = n === targets.length - 1 ? off - given : base ? Math.floor((off * left[i]) / base) : 0;
          given += shares[i];
        });
      }
      for (const i of targets) left[i] -= shares[i];
    }
  }
  const subtotal = left.reduce((a, b) => a + b, 0);
  const pricedCharges = charges.map((c) => {
    const amount = c.percentage !== undefined && c.percentage !== null ? Math.round((subtotal * Number(c.percentage)) / 100) : cents(c.amount_money);
    return { ...c, calculation_phase: c.calculation_phase ?? 'SUBTOTAL_PHASE', applied_money: money(amount), total_money: money(amount), total_tax_money: money(0) };
  });
  const chargeTotal = pricedCharges.reduce((sum, c) => sum + cents(c.total_money), 0);
  const discountTotal = gross.reduce((a, b) => a + b, 0) - subtotal;
  const total = subtotal + chargeTotal;

  return {
    ...order,
    line_items: lines.map((line, i) => ({
      ...line,
      ...(discounts.some((d) => d.scope !== 'LINE_ITEM') || line.applied_discounts?.length
        ? {
            applied_discounts: discounts
              .filter((d) => appliesTo(d, i))
              .map((d) => ({
                uid: (line.applied_discounts ?? []).find((a) => a.discount_uid === d.uid)?.uid ?? newId.uid(),
                discount_uid: d.uid as string,
                applied_money: money(applied.get(d.uid as string)![i]),
              })),
          }
        : {}),
      variation_total_price_money: money(gross[i]),
      gross_sales_money: money(gross[i]),
      total_tax_money: money(0),
      total_discount_money: money(gross[i] - left[i]),
      total_money: money(left[i]),
      total_service_charge_money: money(0),
    })),
    ...(discounts.length ? { discounts: discounts.map((d) => ({ ...d, applied_money: money(lines.reduce((sum, _l, i) => sum + applied.get(d.uid as string)![i], 0)) })) } : {}),
    ...(pricedCharges.length ? { service_charges: pricedCharges } : {}),
    total_money: money(total),
    total_tax_money: money(0),
    total_discount_money: money(discountTotal),
    total_tip_money: money(0),
    total_service_charge_money: money(chargeTotal),
    net_amounts: { total_money: money(total), tax_money: money(0), discount_money: money(discountTotal), tip_money: money(0), service_charge_money: money(chargeTotal) },
  };
}

/** A catalog line takes its name and price from the variation; an ad hoc line must name both. */
function catalogLine(state: EmulatorState, line: LineRaw, field: string): LineRaw {
  if (!line.quantity) throw missingParameter(`${field}.quantity`);
  if (!QUANTITY.test(line.quantity) || Number(line.quantity) < 1)
    throw invalidRequest('INVALID_VALUE', 'The emulator sells whole quantities of at least 1, written as a string.', `${field}.quantity`);
  checkMoney(line.base_price_money, `${field}.base_price_money`);
  if (line.catalog_object_id) {
    const variation = findVariation(state, line.catalog_object_id);
    if (!variation) throw notFound(`Item variation with catalog object ID \`${line.catalog_object_id}\` not found.`, `${field}.catalog_object_id`);
    const data = variation.item_variation_data ?? {};
    const item = state.catalog[data.item_id];
    const price = line.base_price_money ?? data.price_money;
    if (!price) throw missingParameter(`${field}.base_price_money`);
    return {
      ...line,
      name: line.name ?? (item as { item_data?: { name?: string } } | undefined)?.item_data?.name ?? data.name,
      variation_name: data.name,
      catalog_version: variation.version,
      item_type: 'ITEM',
      base_price_money: { amount: Number(price.amount), currency: price.currency },
    };
  }
  if (!line.name) throw missingParameter(`${field}.name`);
  if (!line.base_price_money) throw missingParameter(`${field}.base_price_money`);
  return { ...line, item_type: line.item_type ?? 'ITEM', base_price_money: { amount: Number(line.base_price_money.amount), currency: line.base_price_money.currency } };
}

function checkDiscount(d: DiscountRaw, field: string): DiscountRaw {
  if (!d.name) throw missingParameter(`${field}.name`);
  if (d.type === 'FIXED_PERCENTAGE') {
    if (!d.percentage || !/^\d{1,3}(\.\d{1,4})?$/.test(d.percentage) || Number(d.percentage) > 100)
      throw invalidRequest('INVALID_VALUE', 'percentage must be a decimal from 0 to 100.', `${field}.percentage`);
  } else if (d.type === 'FIXED_AMOUNT') {
    if (!d.amount_money) throw missingParameter(`${field}.amount_money`);
    checkMoney(d.amount_money, `${field}.amount_money`);
  } else {
    throw invalidRequest('INVALID_VALUE', 'The emulator applies FIXED_PERCENTAGE and FIXED_AMOUNT discounts.', `${field}.type`);
  }
  const amount = d.amount_money ? { amount_money: { amount: Number(d.amount_money.amount), currency: d.amount_money.currency } } : {};
  return { ...d, ...amount, scope: d.scope ?? 'ORDER' };
}

function checkCharge(c: ServiceChargeRaw, field: string): ServiceChargeRaw {
  if (!c.name) throw missingParameter(`${field}.name`);
  if (!c.amount_money && (c.percentage === undefined || c.percentage === null)) throw missingParameter(`${field}.amount_money`);
  if (c.amount_money) checkMoney(c.amount_money, `${field}.amount_money`);
  const amount = c.amount_money ? { amount_money: { amount: Number(c.amount_money.amount), currency: c.amount_money.currency } } : {};
  return { ...c, ...amount };
}

function checkMoney(m: serialization.Money.Raw | null | undefined, field: string): void {
  if (!m) return;
  const amount = Number(m.amount);
  if (!Number.isSafeInteger(amount) || amount < 0) throw invalidRequest('INVALID_VALUE', 'An amount is a non-negative integer of cents.', `${field}.amount`);
  if (m.currency !== LOCATION.currency)
    throw invalidRequest('UNSUPPORTED_CURRENCY', `The currency ${m.currency} is not supported by this location (${LOCATION.currency}).`, `${field}.currency`);
}
