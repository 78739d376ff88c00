import { aContext, anOrder, expectTheOrderEmailParts } from '../../test/support/order-email-fixtures';
import { orderConfirmationEmail } from './order-confirmation.email';

describe('orderConfirmationEmail', () => {
  it('shows each line with its picture, the totals, the way back to the order and the studio contact', async () => {
    const mail = await orderConfirmationEmail(anOrder(), aContext());
    expect(mail).toMatchObject({ to: 'lydia@example.com', subject: 'Your Dark Circle order DC-123456', messageId: '<order-6f1c2f4e-2d9b-4c43-9a51-6d2a8f0b1e77@darkcircle.shop>' });
    expectTheOrderEmailParts(mail);
    // Shopper-typed text is escaped by React, never markup.
    expect(mail.html).toContain('Lydia &lt;Deetz&gt;');
    expect(mail.text).toContain('Sandworm Patch\n2 × $12.00\n$24.00');
    expect(mail.text).toContain('Discount (DARKCIRCLE10): -$5.60');
    expect(mail.text).toContain('Total: $55.40');
    expect(mail.text).toContain('Ship to:\n1 Winter River Rd\nPeaceful Pines, CT 06001\nUS');
    expect(mail.text).toContain('studio@darkcircle.example');
  });

  it('leaves out the address for a pickup and asks for a reply when no contact address is set', async () => {
    const mail = await orderConfirmationEmail(anOrder({ fulfillment: 'pickup', shippingAddress: null, shippingCents: 0, discountCents: 0 }), { ...aContext(), contactEmail: null });
    expect(mail.text).toContain('Fulfillment: Local Pickup');
    expect(mail.text).toContain('Shipping: Free');
    expect(mail.text).not.toContain('Ship to');
    expect(mail.text).not.toContain('Discount');
    expect(mail.text).toContain('Questions? Reply to this email.');
    expect(mail.html).not.toContain('mailto:');
  });
});
