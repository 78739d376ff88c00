import { EmailButton, EmailLayout, OutgoingMail, Paragraph, renderEmail, type ShopEmailContext } from '../mail';

/**
 * The double opt-in: someone typed this address to hear when a variant is back; nothing goes to it
 * until its owner follows this link. Nothing anyone typed is in it but the address it goes to.
 */
export async function confirmationEmail(to: { email: string; requestId: string; round: number }, name: string, confirmUrl: string, shop: ShopEmailContext): Promise<OutgoingMail> {
  const { html, text } = await renderEmail(
    <EmailLayout heading="Confirm your back-in-stock email" preview={`Confirm, and we will tell you when ${name} is back.`} shop={shop}>
      <Paragraph>
        We were asked to email {to.email} when {name} is back in stock. To be told, confirm with this button:
      </Paragraph>
      <EmailButton href={confirmUrl}>Yes, email me when it is back</EmailButton>
      <Paragraph muted>If you did not ask, ignore this email: without your confirmation we will not write again.</Paragraph>
    </EmailLayout>,
  );
  return {
    to: to.email,
    subject: `Confirm: email me when ${name} is back`,
    html,
    text,
    // One thread per request: a resent confirmation folds into the first.
    messageId: `<back-in-stock-confirm-${to.requestId}-${to.round}@darkcircle.shop>`,
  };
}
