import type { serialization } from 'square';
import type { EmulatorState } from './emulator-state';
import { LOCATION } from './locations';
import type { OrderRaw } from './order-pricing';
import type { PaymentRefundRaw } from './refunds';

type RefundStatus = serialization.RefundStatus.Raw;

/** A payment refund's status as the order's `refunds[]` says it (Square's older `Refund` names a completed one `APPROVED`). */
const ORDER_REFUND_STATUS: Record<string, RefundStatus> = { PENDING: 'PENDING', COMPLETED: 'APPROVED', FAILED: 'FAILED', REJECTED: 'REJECTED' };
/** Refunds whose money is given back, or on its way: what the order counts as returned. */
const RETURNING: ReadonlySet<string> = new Set(['PENDING', 'APPROVED']);

const money = (amount: number): serialization.Money.Raw => ({ amount, currency: LOCATION.currency as serialization.Currency.Raw });
const cents = (m: serialization.Money.Raw | null | undefined): number => Number(m?.amount ?? 0);

/**
 * Square shows a refund of an order's payment on the order: an entry of `refunds[]` (the refund's
 * id after its payment's, the tender it gives back, the reason and amount, its status), the money
 * given back in `return_amounts` and the sale less it in `net_amounts`; the order's version moves on.
 * Called when the refund is made and each time its status changes; answers the order it changed
 * (saved in the state), or undefined for a payment of no order.
 */
export function showRefundOnOrder(state: EmulatorState, refund: PaymentRefundRaw, at: string): OrderRaw | undefined {
  const order = refund.order_id ? state.orders[refund.order_id] : undefined;
  if (!order) return undefined;
  const id = refund.id.startsWith(`${refund.payment_id}_`) ? refund.id.slice(`${refund.payment_id}_`.length) : refund.id;
  const entry: serialization.Refund.Raw = {
    id,
    location_id: refund.location_id ?? order.location_id,
    transaction_id: order.id,
    tender_id: order.tenders?.find((t) => t.payment_id === refund.payment_id)?.id ?? refund.payment_id,
    created_at: refund.created_at ?? at,
    reason: refund.reason ?? 'Refund',
    amount_money: { amount: Number(refund.amount_money.amount), currency: refund.amount_money.currency },
    status: ORDER_REFUND_STATUS[refund.status ?? 'PENDING'] ?? 'PENDING',
  };
  const refunds = [...(order.refunds ?? []).filter((r) => r.id !== id), entry];
  const returned = refunds.filter((r) => RETURNING.has(r.status)).reduce((sum, r) => sum + cents(r.amount_money), 0);
  const sale = order.net_amounts ?? {};
  const changed: OrderRaw = {
    ...order,
    refunds,
    return_amounts: { total_money: money(returned), tax_money: money(0), discount_money: money(0), tip_money: money(0), service_charge_money: money(0) },
    net_amounts: { ...sale, total_money: money(cents(order.total_money) - returned) },
    version: (order.version ?? 1) + 1,
    updated_at: at,
  };
  state.orders[order.id as string] = changed;
  return changed;
}
