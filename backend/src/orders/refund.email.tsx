import { Section } from '@react-email/components';
import { EmailButton, EmailLayout, OutgoingMail, Paragraph, renderEmail, TotalRow } from '../mail';
import type { PaidOrderTerms, RefundTerms } from './order.events';
import type { OrderEmailContext } from './order-email-context';
import { dollars, OrderLines, shopOf } from './order-email-parts';
import { paidForUnits, paidPerLine } from './paid-shares';

/**
 * What the refunded lines' prices came to and the discount's share of them, when the refund is what
 * was paid for those lines (to the cent per line, as earlier refunds may have taken the odd cents):
 * the email then says why it is less than the prices shown. A typed amount gets no such rows.
 */
function discountShare(order: PaidOrderTerms, refund: RefundTerms): { listCents: number; shareCents: number } | null {
  if (order.discountCents === 0 || refund.lines.length === 0) return null;
  const paid = paidPerLine(order.lines, order.discountCents);
  let listCents = 0;
  let paidCents = 0;
  for (const l of refund.lines) {
    const line = order.lines[l.itemId];
    if (!line) return null;
    listCents += line.unitPriceCents * l.quantity;
    paidCents += paidForUnits(paid[l.itemId]!, line.quantity, 0, l.quantity);
  }
  const shareCents = listCents - refund.amountCents;
  return shareCents > 0 && Math.abs(refund.amountCents - paidCents) <= refund.lines.length ? { listCents, shareCents } : null;
}

/** The shopper's refund notice: the amount, the refunded lines with their pictures, and the way back to the order. */
export async function refundEmail(order: PaidOrderTerms, refund: RefundTerms, context: OrderEmailContext): Promise<OutgoingMail> {
  const amount = dollars(refund.amountCents);
  const lines = refund.lines.flatMap((l) => {
    const line = order.lines[l.itemId];
    return line ? [{ index: l.itemId, line, quantity: l.quantity }] : [];
  });
  const share = discountShare(order, refund);
  const { html, text } = await renderEmail(
    <EmailLayout heading="Refund Issued" preview={`We have refunded ${amount} for your order ${order.orderNumber}.`} shop={shopOf(context)}>
      <Paragraph>Hello {order.customer.name},</Paragraph>
      <Paragraph>
        We have refunded <strong>{amount}</strong> for your order <strong>{order.orderNumber}</strong> to the card you paid with.
      </Paragraph>
      {lines.length > 0 && (
        <>
          <Paragraph>Refunded items:</Paragraph>
          <OrderLines lines={lines} context={context} />
        </>
      )}
      <Section style={{ margin: '0 0 20px' }}>
        {share && (
          <>
            <TotalRow label="Items" amount={dollars(share.listCents)} />
            <TotalRow label={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'} amount={`-${dollars(share.shareCents)}`} />
          </>
        )}
        <TotalRow label="Refunded" amount={amount} strong />
      </Section>
      <Paragraph>Depending on your bank, it can take 5 to 10 business days to show on your statement.</Paragraph>
      <EmailButton href={context.statusUrl}>View your order</EmailButton>
    </EmailLayout>,
  );
  return {
    to: order.customer.email,
    subject: `Your refund for Dark Circle order ${order.orderNumber}`,
    html,
    text,
    messageId: `<refund-${refund.refundId}@darkcircle.shop>`,
  };
}
