import { Link, Section } from '@react-email/components';
import { EmailButton, EmailLayout, FinePrint, linkStyle, Paragraph, renderEmail, type OutgoingMail, type ShopEmailContext } from '../mail';
import type { IncidentOrder } from './incident.events';

/** What the studio is told of: the incident, the piece, the orders, and Square's count. */
export interface OversoldNotice {
  incidentId: string;
  name: string;
  orders: IncidentOrder[];
  squareCount: number;
}

/**
 * To the studio (ADMIN_EMAILS): a piece was sold online and at the stall, which online orders, each
 * linked to its page in the admin, and where to resolve it. One per incident (its Message-ID names it).
 */
export async function oversoldIncidentEmail(to: string[], notice: OversoldNotice, shop: ShopEmailContext): Promise<OutgoingMail> {
  const orderUrl = (o: IncidentOrder) => `${shop.publicUrl}/admin/orders/${o.orderId}`;
  const numbers = notice.orders.map((o) => o.orderNumber).join(', ');
  const units = -notice.squareCount;
  const { html, text } = await renderEmail(
    <EmailLayout
      heading="Sold twice: online and at the stall"
      preview={`${notice.name} was sold online (${numbers}) and at the stall.`}
      shop={shop}
      footer={<FinePrint>You get this because your address is one of the shop's admins. It stays on the dashboard until it is resolved there.</FinePrint>}
    >
      <Paragraph>
        <strong>{notice.name}</strong> was sold online while the stall sold the same {units === 1 ? 'unit' : 'units'}: Square now counts {notice.squareCount}.
      </Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        <Paragraph>Online {notice.orders.length === 1 ? 'order' : 'orders'} involved:</Paragraph>
        {notice.orders.map((o) => (
          <Paragraph key={o.orderId}>
            <Link href={orderUrl(o)} style={linkStyle}>
              {o.orderNumber}
            </Link>
          </Paragraph>
        ))}
      </Section>
      <Paragraph muted>Settle it with the stall's buyer or the online one (a refund, a piece made to order), then resolve it on the dashboard with a note of what was done.</Paragraph>
      <EmailButton href={`${shop.publicUrl}/admin`}>Open the dashboard</EmailButton>
    </EmailLayout>,
  );
  return {
    to: to.join(', '),
    subject: `Sold twice: ${notice.name} (${numbers})`,
    html,
    text,
    messageId: `<incident-${notice.incidentId}@darkcircle.shop>`,
  };
}
