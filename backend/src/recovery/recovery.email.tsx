import { lineName } from '../catalog';
import { Link, Section } from '@react-email/components';
import type { CartLine } from '../cart';
import { EmailButton, EmailLayout, FinePrint, greetingName, LineItemRow, linkStyle, OutgoingMail, Paragraph, renderEmail, type ShopEmailContext, TotalRow } from '../mail';
import { formatCents } from '../platform/money';

export interface RecoveryEmailInput {
  /** Stable per cart and request: the Message-ID, so a re-send after a crash threads as one. */
  messageKey: string;
  step: number;
  to: string;
  /** As typed into the cart, by anyone: only a plain first name of it reaches the email (`greetingName`). */
  name: string;
  lines: readonly CartLine[];
  /** Each line's picture, by line index (`emailImageUrls`: a PNG every mail client shows); null for a product gone or without one. */
  lineImages: readonly (string | null)[];
  /** Where the shop is and the studio's contact. */
  shop: ShopEmailContext;
  /** Opens the cart on the main site, in any browser (signed, expiring). */
  restoreUrl: string;
  /** Asks, then stops the recovery emails to this address. */
  unsubscribeUrl: string;
}

/** Each step says something of its own: a reminder, a nudge, a last word. */
const SUBJECTS = ['You left something in your Dark Circle cart', 'Your Dark Circle cart is still waiting', 'Last call for your Dark Circle cart'];
const OPENINGS = ['You left these in your cart at The Dark Circle:', 'Your cart is still here, just as you left it:', 'This is our last note about your cart; after this we leave it be:'];

export const recoverySubject = (step: number) => SUBJECTS[Math.min(Math.max(step, 1), SUBJECTS.length) - 1]!;

/** "You left something behind": the cart's items with images, its total, a restore button and an unsubscribe link. No tracking pixel. */
export async function recoveryEmail(input: RecoveryEmailInput): Promise<OutgoingMail> {
  const money = (cents: number) => `$${formatCents(cents)}`;
  const total = input.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const opening = OPENINGS[Math.min(Math.max(input.step, 1), OPENINGS.length) - 1]!;
  const name = greetingName(input.name);
  const { html, text } = await renderEmail(
    <EmailLayout
      heading={recoverySubject(input.step)}
      preview={opening}
      shop={input.shop}
      footer={
        <FinePrint>
          <Link href={input.unsubscribeUrl} style={linkStyle}>
            No more reminders about carts
          </Link>
        </FinePrint>
      }
    >
      <Paragraph>{name ? `Hello ${name},` : 'Hello,'}</Paragraph>
      <Paragraph>{opening}</Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        {input.lines.map((l, i) => (
          <LineItemRow
            key={l.itemId}
            imageUrl={input.lineImages[i] ?? null}
            name={lineName(l.name, { name: l.variantName ?? '' })}
            detail={`${l.quantity} × ${money(l.unitPriceCents)}`}
            amount={money(l.unitPriceCents * l.quantity)}
          />
        ))}
        <TotalRow label="Total" amount={money(total)} strong />
      </Section>
      <EmailButton href={input.restoreUrl}>Return to your cart</EmailButton>
      <Paragraph muted>Pieces are made in small numbers; we cannot hold them for long.</Paragraph>
    </EmailLayout>,
  );
  return {
    to: input.to,
    subject: recoverySubject(input.step),
    html,
    text,
    messageId: `<recovery-${input.messageKey}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
