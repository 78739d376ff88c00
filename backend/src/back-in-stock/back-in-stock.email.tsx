import { Link, Section } from '@react-email/components';
import { EmailButton, EmailLayout, FinePrint, LineItemRow, linkStyle, OutgoingMail, Paragraph, renderEmail, type ShopEmailContext } from '../mail';
import { formatCents } from '../platform/money';

/** What came back: the product, its variant ('' without options), its price and its email picture (null: none). */
export interface CameBack {
  name: string;
  variantName: string;
  priceCents: number;
  imageUrl: string | null;
}

/** "It's back": the piece with its size, price and picture, a link to it with the variant chosen, and a way off the list. */
export async function backInStockEmail(
  to: { email: string; requestId: string; round: number },
  piece: CameBack,
  productUrl: string,
  leaveUrl: string,
  shop: ShopEmailContext,
): Promise<OutgoingMail> {
  const name = piece.variantName ? `${piece.name}, ${piece.variantName}` : piece.name;
  const price = `$${formatCents(piece.priceCents)}`;
  const { html, text } = await renderEmail(
    <EmailLayout
      heading="It's back in stock"
      preview={`${name} is back at The Dark Circle.`}
      shop={shop}
      footer={
        <FinePrint>
          You asked to hear when this was back, so this is the one email we send about it.{' '}
          <Link href={leaveUrl} style={linkStyle}>
            Take me off the list
          </Link>
        </FinePrint>
      }
    >
      <Paragraph>Good news: what you were waiting for is back in stock.</Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        <LineItemRow imageUrl={piece.imageUrl} name={piece.name} detail={piece.variantName} amount={price} />
      </Section>
      <EmailButton href={productUrl}>Shop it now</EmailButton>
      <Paragraph muted>Pieces are made in small numbers; they may not stay long.</Paragraph>
    </EmailLayout>,
  );
  return {
    to: to.email,
    subject: `Back in stock: ${name}`,
    html,
    text,
    messageId: `<back-in-stock-${to.requestId}-${to.round}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${leaveUrl}>` },
  };
}
