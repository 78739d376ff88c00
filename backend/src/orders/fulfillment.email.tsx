import { Link, Section } from '@react-email/components';
import { EmailButton, EmailLayout, linkStyle, OutgoingMail, Paragraph, renderEmail, TotalRow } from '../mail';
import type { FulfillmentStep, PaidOrderTerms } from './order.events';
import type { OrderEmailContext } from './order-email-context';
import { allLines, dollars, OrderLines, shopOf } from './order-email-parts';

/** What one fulfilment step tells the shopper: the studio's note, and for a parcel its carrier and tracking. */
export interface FulfillmentNews {
  step: FulfillmentStep;
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

const SUBJECTS: Record<FulfillmentStep, (n: string) => string> = {
  'ready-for-pickup': (n) => `Your Dark Circle order ${n} is ready for pickup`,
  shipped: (n) => `Your Dark Circle order ${n} is on its way`,
  'picked-up': (n) => `Your Dark Circle order ${n} was picked up`,
};
const HEADINGS: Record<FulfillmentStep, string> = {
  'ready-for-pickup': 'Ready for Pickup',
  shipped: 'On Its Way',
  'picked-up': 'Picked Up',
};

/** The email for one fulfilment step, sent once per step: the news, the order's lines and total, and the way back to the order. */
export async function fulfillmentEmail(order: PaidOrderTerms, news: FulfillmentNews, context: OrderEmailContext): Promise<OutgoingMail> {
  const subject = SUBJECTS[news.step](order.orderNumber);
  const shipped = news.step === 'shipped';
  const { html, text } = await renderEmail(
    <EmailLayout heading={HEADINGS[news.step]} preview={`${subject}.`} shop={shopOf(context)}>
      <Paragraph>Hello {order.customer.name},</Paragraph>
      <Paragraph>{subject}.</Paragraph>
      {shipped && news.carrier && <Paragraph>Carrier: {news.carrier}</Paragraph>}
      {shipped && news.trackingNumber && (
        <Paragraph>
          Tracking number:{' '}
          {news.trackingUrl ? (
            <Link href={news.trackingUrl} style={linkStyle}>
              {news.trackingNumber}
            </Link>
          ) : (
            news.trackingNumber
          )}
        </Paragraph>
      )}
      {news.note && <Paragraph>{news.note}</Paragraph>}
      <OrderLines lines={allLines(order.lines)} context={context} />
      <Section style={{ margin: '0 0 20px' }}>
        <TotalRow label="Total" amount={dollars(order.totalCents)} strong />
      </Section>
      <EmailButton href={context.statusUrl}>View your order</EmailButton>
    </EmailLayout>,
  );
  return { to: order.customer.email, subject, html, text, messageId: `<${news.step}-${order.orderId}@darkcircle.shop>` };
}
