import { EmailButton, EmailLayout, OutgoingMail, Paragraph, renderEmail, type ShopEmailContext } from '../mail';

export const UNSUBSCRIBE_LINK_SUBJECT = 'Unsubscribe from The Dark Circle newsletter';

/**
 * Sent when someone asked, by the address alone, to take it off the newsletter: the subscriber's own
 * signed unsubscribe link, which does it. Nothing anyone typed is in it but the address it goes to.
 */
export async function unsubscribeLinkEmail(to: { email: string; subscriberId: string }, requestId: string, unsubscribeUrl: string, shop: ShopEmailContext): Promise<OutgoingMail> {
  const { html, text } = await renderEmail(
    <EmailLayout heading="Leaving the newsletter?" preview="Use the button in this email to unsubscribe." shop={shop}>
      <Paragraph>We were asked to take {to.email} off The Dark Circle newsletter. To unsubscribe, use this button:</Paragraph>
      <EmailButton href={unsubscribeUrl}>Unsubscribe</EmailButton>
      <Paragraph muted>If you did not ask, ignore this email: you stay subscribed, and nothing else changes.</Paragraph>
    </EmailLayout>,
  );
  return {
    to: to.email,
    subject: UNSUBSCRIBE_LINK_SUBJECT,
    html,
    text,
    messageId: `<unsubscribe-${to.subscriberId}-${requestId}@darkcircle.shop>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}
