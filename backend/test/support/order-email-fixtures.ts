import type { PaidOrderTerms } from '../../src/orders/order.events';
import type { OrderEmailContext } from '../../src/orders/order-email-context';

/** An order and its email context as the email specs use them (two lines, one of them discounted away from the catalogue). */
export const anOrder = (overrides: Partial<PaidOrderTerms> = {}): PaidOrderTerms => ({
  orderId: '6f1c2f4e-2d9b-4c43-9a51-6d2a8f0b1e77',
  orderNumber: 'DC-123456',
  cartId: 'cart-1',
  customer: { name: 'Lydia <Deetz>', email: 'lydia@example.com' },
  fulfillment: 'shipping',
  shippingAddress: { address: '1 Winter River Rd', city: 'Peaceful Pines', state: 'CT', zipCode: '06001', country: 'US' },
  lines: [
    { productId: 1, name: 'Sandworm Patch', quantity: 2, unitPriceCents: 1200 },
    { productId: 2, name: 'Bat Wing Crop Tee', quantity: 1, unitPriceCents: 3200 },
  ],
  subtotalCents: 5600,
  shippingCents: 500,
  discountCents: 560,
  discountCode: 'DARKCIRCLE10',
  totalCents: 5540,
  ...overrides,
});

export const aContext = (): OrderEmailContext => ({
  publicUrl: 'https://shop.example',
  statusUrl: 'https://shop.example/order-status/signed.token',
  lineImages: ['https://shop.example/email-images/1.png', null],
  contactEmail: 'studio@darkcircle.example',
});

/** What every order email holds, in its HTML and its text: the way back to the order, the first line's picture and the studio's address. */
export function expectTheOrderEmailParts(mail: { html: string; text: string }): void {
  expect(mail.html).toMatch(/<a href="https:\/\/shop\.example\/order-status\/signed\.token"[^>]*>[\s\S]*View your order/);
  expect(mail.html).toMatch(/<img alt="Sandworm Patch"[^>]+src="https:\/\/shop\.example\/email-images\/1\.png"/);
  expect(mail.html).toContain('href="mailto:studio@darkcircle.example"');
  expect(mail.text).toContain('View your order https://shop.example/order-status/signed.token');
}
