import { aContext, anOrder, expectTheOrderEmailParts } from '../../test/support/order-email-fixtures';
import { refundEmail } from './refund.email';

describe('refundEmail', () => {
  const refund = { refundId: 'r-1', amountCents: 725, reason: 'damaged', lines: [{ itemId: 0, productId: 1, quantity: 1, restock: false }] };

  it('shows the amount, the refunded lines with their pictures, the way back to the order and the studio contact', async () => {
    const mail = await refundEmail(anOrder(), refund, aContext());
    expect(mail).toMatchObject({ subject: 'Your refund for Dark Circle order DC-123456', messageId: '<refund-r-1@darkcircle.shop>' });
    expectTheOrderEmailParts(mail);
    expect(mail.html).not.toContain('Bat Wing Crop Tee');
    expect(mail.text).toContain('We have refunded $7.25 for your order DC-123456 to the card you paid with.');
    expect(mail.text).toContain('Sandworm Patch\n1 × $12.00\n$12.00');
    expect(mail.text).toContain('Refunded: $7.25');
  });

  it('names no items for a refund of an amount alone', async () => {
    const mail = await refundEmail(anOrder(), { ...refund, lines: [] }, aContext());
    expect(mail.text).not.toContain('Refunded items');
    expect(mail.html).not.toContain('<img');
  });
});
