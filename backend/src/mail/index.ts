export { MailModule, mailDir } from './mail.module';
export { Mail } from './mail';
export type { OutgoingMail } from './mail';
export { escapeHtml } from './escape-html';
export { linkPage } from './link-page';
