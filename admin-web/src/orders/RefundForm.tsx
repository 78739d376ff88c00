import { useState, type FormEvent } from 'react';
import { ok, type AdminOrderDetail, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import { errorText, useOrderAction } from './useOrderAction';
import { lineName } from './order-labels';

type RefundBody = RequestBody<'/api/admin/orders/{id}/refunds', 'post'>;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const cents = (money: string) => Math.round(Number(money) * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

/**
 * The line picker the order page's Refund button opens: a refund through Square of the whole order (what is left), or an amount, or the chosen lines (what
 * the shopper paid for them, their share of any discount taken off). The button names the amount
 * before anything is sent, Enter in a field never refunds, and refunding everything left asks to be
 * confirmed. A refused refund shows the API's message and changes nothing.
 */
export function RefundForm({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const lines = order.items.filter((i) => i.quantity > i.refundedQuantity);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<Record<number, { quantity: string; restock: boolean }>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refund = useOrderAction(
    (body: RefundBody) => ok(api.POST('/api/admin/orders/{id}/refunds', { params: { path: { id: order.id } }, body })),
    (_body, answer) =>
      answer.status === 'pending'
        ? {
            title: 'Refund sent to Square',
            description: `Order ${order.orderNumber}: Square is returning the money to the card. Stock and the customer's email follow once Square completes it.`,
          }
        : { title: 'Refund taken', description: `Order ${order.orderNumber}: $${answer.order.refunded} refunded in all.` },
  );

  const line = (itemId: number) => chosen[itemId] ?? { quantity: '0', restock: false };
  const setLine = (itemId: number, change: Partial<{ quantity: string; restock: boolean }>) => {
    setConfirming(false);
    setChosen((c) => ({ ...c, [itemId]: { ...line(itemId), ...change } }));
  };
  const picked = lines
    .map((i) => ({ itemId: i.itemId, quantity: Math.min(Number.parseInt(line(i.itemId).quantity, 10) || 0, i.refundValues.length), restock: line(i.itemId).restock }))
    .filter((l) => l.quantity > 0);
  const typedAmount = amount.trim();
  const left = cents(order.refundable);
  // What the server will refund: the typed amount, else the chosen lines' paid value (at most what is left), else everything left.
  const linesValue = picked.reduce((sum, l) => sum + cents(order.items.find((i) => i.itemId === l.itemId)?.refundValues[l.quantity - 1] ?? '0'), 0);
  const refundCents = typedAmount ? (AMOUNT.test(typedAmount) ? cents(typedAmount) : null) : picked.length ? Math.min(linesValue, left) : left;
  const whole = refundCents !== null && refundCents >= left;
  const label = refundCents === null ? 'Refund' : `Refund $${dollars(refundCents)}`;

  const send = () => {
    setConfirming(false);
    refund.mutate(
      { reason: reason.trim(), ...(typedAmount ? { amount: typedAmount } : {}), ...(picked.length ? { lines: picked } : {}) },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          setChosen({});
        },
      },
    );
  };
  const ask = () => {
    if (refundCents === null) return setProblem('Enter the amount in dollars, such as 12.50.');
    if (!reason.trim()) return setProblem('Give a reason for the refund.');
    setProblem(null);
    if (whole) return setConfirming(true);
    send();
  };
  // Enter in a field (the reason, say) never refunds: only the button that names the amount does.
  const noSubmit = (e: FormEvent) => e.preventDefault();

  const error = problem ?? (refund.isError ? errorText(refund.error) : null);
  return (
    <form className="refund-form" aria-label="Refund" onSubmit={noSubmit} noValidate>
      <p className="muted">${order.refundable} can still be refunded. Choose items to refund what was paid for them, type an amount, or leave both empty to refund the whole order.</p>
      {lines.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Return to stock</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((i) => (
              <tr key={i.itemId}>
                <td>
                  {lineName(i)}{' '}
                  <span className="muted">
                    (${i.refundValues.at(-1)} paid for {i.refundValues.length} left{i.paid !== dollars(cents(i.price) * i.quantity) ? `, $${i.price} each before the discount` : ''})
                  </span>
                </td>
                <td>
                  <input
                    type="number"
                    min="0"
                    max={i.refundValues.length}
                    step="1"
                    value={line(i.itemId).quantity}
                    aria-label={`Quantity (${lineName(i)})`}
                    onChange={(e) => setLine(i.itemId, { quantity: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    checked={line(i.itemId).restock}
                    aria-label={`Return to stock (${lineName(i)})`}
                    onChange={(e) => setLine(i.itemId, { restock: e.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <label>
        Amount
        <input
          inputMode="decimal"
          value={amount}
          placeholder={`Whole order: ${order.refundable}`}
          onChange={(e) => {
            setConfirming(false);
            setAmount(e.target.value);
          }}
        />
      </label>
      <label>
        Reason
        <input value={reason} maxLength={192} required onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Confirm the refund">
          <p>
            <strong>Refund the whole order?</strong> ${dollars(refundCents ?? left)} goes back to the customer's card, and nothing is left to refund.
          </p>
          <div className="actions">
            <button type="button" className="button" disabled={refund.isPending} onClick={send}>
              Yes, refund ${dollars(refundCents ?? left)}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button type="button" className="button" disabled={refund.isPending} onClick={ask}>
            {refund.isPending ? 'Refunding...' : label}
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            Cancel
          </button>
          {whole && <span className="muted">The whole order: you will be asked to confirm.</span>}
        </div>
      )}
    </form>
  );
}
