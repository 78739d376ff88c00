import { lineName } from '../catalog';
import { Section } from '@react-email/components';
import { LineItemRow, type ShopEmailContext } from '../mail';
import { formatCents } from '../platform/money';
import type { OrderLine } from './order.events';
import type { OrderEmailContext } from './order-email-context';

export const dollars = (cents: number) => `$${formatCents(cents)}`;

/** The header and footer's part of an order's email context. */
export const shopOf = (context: OrderEmailContext): ShopEmailContext => ({ publicUrl: context.publicUrl, contactEmail: context.contactEmail ?? null });

/** An order's lines (or some of them, with their quantities), each with its picture, by the line's index in the order. */
export function OrderLines(props: { lines: { index: number; line: OrderLine; quantity: number }[]; context: OrderEmailContext }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {props.lines.map(({ index, line, quantity }) => (
        <LineItemRow
          key={index}
          imageUrl={props.context.lineImages[index] ?? null}
          name={lineName(line.name, { name: line.variantName ?? '' })}
          detail={`${quantity} × ${dollars(line.unitPriceCents)}`}
          amount={dollars(line.unitPriceCents * quantity)}
        />
      ))}
    </Section>
  );
}

/** Every line of the order, whole. */
export const allLines = (lines: OrderLine[]) => lines.map((line, index) => ({ index, line, quantity: line.quantity }));
