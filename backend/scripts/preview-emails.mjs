// `npm run emails:preview`: every email the shop sends, rendered from sample data into
// data/email-preview/ (an .html and a .txt each), to open in a browser while changing the layout.
// It uses the built backend (the root script builds it first), so what you see is what the worker sends.
// The pictures point at PUBLIC_URL (default http://localhost:3000): start the shop to see them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = (path) => require(join(backend, 'dist', path));
const { orderConfirmationEmail } = dist('checkout/order-confirmation.email.js');
const { fulfilmentEmail } = dist('checkout/fulfilment.email.js');
const { refundEmail } = dist('checkout/refund.email.js');
const { trackingUrl } = dist('checkout/tracking-links.js');
const { welcomeEmail } = dist('newsletter/welcome.email.js');
const { recoveryEmail } = dist('recovery/recovery.email.js');

const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const shop = { publicUrl, contactEmail: process.env.CONTACT_EMAIL ?? 'studio@darkcircle.example' };
const out = join(backend, '..', 'data', 'email-preview');

const order = {
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'DC-100001',
  cartId: 'preview',
  customer: { name: 'Lydia Deetz', email: 'lydia@example.com' },
  fulfillment: 'shipping',
  shippingAddress: { address: '1 Winter River Rd', city: 'Peaceful Pines', state: 'CT', zipCode: '06001', country: 'US' },
  lines: [
    { productId: 1, name: 'Raven Embroidered Hoodie', quantity: 1, unitPriceCents: 6800 },
    { productId: 4, name: 'Skull Iron-On Patch', quantity: 2, unitPriceCents: 900 },
  ],
  subtotalCents: 8600,
  shippingCents: 0,
  discountCents: 860,
  discountCode: 'DARKCIRCLE10',
  totalCents: 7740,
};
const context = {
  ...shop,
  statusUrl: `${publicUrl}/order-status/preview-token`,
  // The PNGs the shop draws for mail clients, from the demo catalogue's products 1 and 4.
  lineImages: order.lines.map((l) => `${publicUrl}/email-images/${l.productId}.png`),
};
const news = { note: null, carrier: null, trackingNumber: null, trackingUrl: null };
const cartLines = order.lines.map((l, i) => ({ itemId: `item-${i}`, productId: l.productId, name: l.name, unitPriceCents: l.unitPriceCents, quantity: l.quantity }));

const emails = {
  'order-confirmation': orderConfirmationEmail(order, context),
  'ready-for-pickup': fulfilmentEmail(
    { ...order, fulfillment: 'pickup', shippingAddress: null },
    { ...news, step: 'ready-for-pickup', note: 'Ring the bell at the studio door, Tuesday to Saturday, 10 to 6.' },
    context,
  ),
  shipped: fulfilmentEmail(order, { ...news, step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000 0000', trackingUrl: trackingUrl('USPS', '9400 1000 0000 0000') }, context),
  'picked-up': fulfilmentEmail(order, { ...news, step: 'picked-up' }, context),
  refund: refundEmail(order, { refundId: 'preview', amountCents: 1800, reason: 'Chipped', lines: [{ itemId: 1, productId: 4, quantity: 2, restock: false }] }, context),
  welcome: welcomeEmail({ email: 'raven@example.com', name: 'Raven', subscriberId: 'preview' }, `${publicUrl}/newsletter/unsubscribe?token=preview`, shop),
  ...Object.fromEntries(
    [1, 2, 3].map((step) => [
      `recovery-${step}`,
      recoveryEmail({
        messageKey: 'preview',
        step,
        to: 'mina@example.com',
        name: 'Mina',
        lines: cartLines,
        lineImages: context.lineImages,
        shop,
        restoreUrl: `${publicUrl}/cart/restore?token=preview`,
        unsubscribeUrl: `${publicUrl}/recovery/unsubscribe?token=preview`,
      }),
    ]),
  ),
};

mkdirSync(out, { recursive: true });
for (const [name, pending] of Object.entries(emails)) {
  const mail = await pending;
  writeFileSync(join(out, `${name}.html`), mail.html);
  writeFileSync(join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
}
console.log(`${Object.keys(emails).length} emails written to ${out}`);
