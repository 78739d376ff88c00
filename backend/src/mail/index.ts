export { MailModule, mailDir } from './mail.module';
export { Mail } from './mail';
export type { OutgoingMail } from './mail';
export { linkPage } from './link-page';
export { renderEmail } from './render-email';
export { BRAND, EmailButton, EmailLayout, FinePrint, LineItemRow, linkStyle, Paragraph, TotalRow } from './email-layout';
export type { ShopEmailContext } from './email-layout';
export { greetingName } from './greeting-name';
