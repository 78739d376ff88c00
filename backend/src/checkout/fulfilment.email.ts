import { escapeHtml, OutgoingMail } from '../mail';
import type { FulfilmentStep, OrderTerms } from './order.events';
import type { OrderEmailContext } from './order-email-context';

/** What one fulfilment step tells the shopper: the studio's note, and for a parcel its carrier and tracking. */
export interface FulfilmentNews {
  step: FulfilmentStep;
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

const SUBJECTS: Record<FulfilmentStep, (n: string) => string> = {
  'ready-for-pickup': (n) => `Your Dark Circle order ${n} is ready for pickup`,
  shipped: (n) => `Your Dark Circle order ${n} is on its way`,
  'picked-up': (n) => `Your Dark Circle order ${n} was picked up`,
};

/**
 * The email for one fulfilment step, sent once per step. (A first plain version: the email toolkit
 * gives it the shop's layout.)
 */
export async function fulfilmentEmail(order: OrderTerms, news: FulfilmentNews, context: OrderEmailContext): Promise<OutgoingMail> {
  const subject = SUBJECTS[news.step](order.orderNumber);
  const lines = [
    news.step === 'shipped' && news.carrier ? `Carrier: ${news.carrier}` : '',
    news.step === 'shipped' && news.trackingNumber ? `Tracking number: ${news.trackingNumber}` : '',
    news.note ?? '',
  ].filter(Boolean);
  const text = [`Hello ${order.customer.name},`, '', subject + '.', ...lines, '', `View your order: ${context.statusUrl}`, '', 'The Dark Circle'].join('\n');
  const html = `<!doctype html><html><body><p>Hello ${escapeHtml(order.customer.name)},</p><p>${escapeHtml(subject)}.</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(context.statusUrl)}">View your order</a></p></body></html>`;
  return { to: order.customer.email, subject, html, text, messageId: `<${news.step}-${order.orderId}@darkcircle.shop>` };
}
