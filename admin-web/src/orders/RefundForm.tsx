import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, RefundResult } from '../api/schema';
import { errorText, useOrderAction } from './useOrderAction';

interface RefundBody {
  amount?: string;
  lines?: { itemId: number; quantity: number; restock: boolean }[];
  reason: string;
}

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * A refund through Square: the whole order (what is left), or an amount, or the chosen lines' value.
 * Lines chosen say what came back, and whether each goes back into stock. A refused refund (more
 * than is left: 409 REFUND_TOO_LARGE) shows the API's message and changes nothing.
 */
export function RefundForm({ order }: { order: AdminOrderDetail }) {
  const lines = order.items.filter((i) => i.quantity > i.refundedQuantity);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<Record<number, { quantity: string; restock: boolean }>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useOrderAction<RefundBody, RefundResult>(order.id, 'refunds', (_body, answer) => ({
    title: 'Refund taken',
    description: `Order ${order.orderNumber}: $${answer.order.refunded} refunded in all.`,
  }));

  const line = (itemId: number) => chosen[itemId] ?? { quantity: '0', restock: false };
  const setLine = (itemId: number, change: Partial<{ quantity: string; restock: boolean }>) => setChosen((c) => ({ ...c, [itemId]: { ...line(itemId), ...change } }));
  const picked = lines.map((i) => ({ itemId: i.itemId, quantity: Number.parseInt(line(i.itemId).quantity, 10) || 0, restock: line(i.itemId).restock })).filter((l) => l.quantity > 0);
  const typedAmount = amount.trim();
  const what = typedAmount ? `$${typedAmount}` : picked.length ? "the chosen items' value" : `the whole order ($${order.refundable} left)`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Give a reason for the refund.');
    if (typedAmount && !AMOUNT.test(typedAmount)) return setProblem('Enter the amount in dollars, such as 12.50.');
    setProblem(null);
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

  const error = problem ?? (refund.isError ? errorText(refund.error) : null);
  return (
    <form className="refund-form" aria-label="Refund" onSubmit={submit} noValidate>
      <p className="muted">
        ${order.refundable} can still be refunded. Leave the amount empty to refund the whole order, or the chosen items' value.
      </p>
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
                  {i.name} <span className="muted">(${i.price} × {i.quantity - i.refundedQuantity} left)</span>
                </td>
                <td>
                  <input
                    type="number"
                    min="0"
                    max={i.quantity - i.refundedQuantity}
                    step="1"
                    value={line(i.itemId).quantity}
                    aria-label={`Quantity (${i.name})`}
                    onChange={(e) => setLine(i.itemId, { quantity: e.target.value })}
                  />
                </td>
                <td>
                  <input type="checkbox" checked={line(i.itemId).restock} aria-label={`Return to stock (${i.name})`} onChange={(e) => setLine(i.itemId, { restock: e.target.checked })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <label>
        Amount
        <input inputMode="decimal" value={amount} placeholder={`Whole order: ${order.refundable}`} onChange={(e) => setAmount(e.target.value)} />
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
      <div className="actions">
        <button type="submit" className="button" disabled={refund.isPending}>
          Refund
        </button>
        <span className="muted">Refunds {what}.</span>
      </div>
    </form>
  );
}
