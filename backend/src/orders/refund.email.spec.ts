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

  it("shows the discount's share when a discounted line is refunded for what was paid, so the amount below the prices is explained", async () => {
    // DARKCIRCLE10 took 10% off: a 12.00 patch cost 10.80.
    const mail = await refundEmail(anOrder(), { ...refund, amountCents: 1080 }, aContext());
    expect(mail.text).toContain('Items: $12.00');
    expect(mail.text).toContain('Discount (DARKCIRCLE10): -$1.20');
    expect(mail.text).toContain('Refunded: $10.80');
    // Both patches and the tee: the whole discount.
    const all = await refundEmail(
      anOrder(),
      {
        ...refund,
        amountCents: 5040,
        lines: [
          { itemId: 0, productId: 1, quantity: 2, restock: false },
          { itemId: 1, productId: 2, quantity: 1, restock: false },
        ],
      },
      aContext(),
    );
    expect(all.text).toContain('Items: $56.00');
    expect(all.text).toContain('Discount (DARKCIRCLE10): -$5.60');
    // One cent off what was paid (an earlier refund took the odd cent) is still the lines' refund.
    expect((await refundEmail(anOrder(), { ...refund, amountCents: 1079 }, aContext())).text).toContain('Discount (DARKCIRCLE10): -$1.21');
  });

  it('shows no discount rows for a typed amount, an order without a discount, or an amount alone', async () => {
    // 7.25 of a patch that cost 10.80: not what was paid for it.
    expect((await refundEmail(anOrder(), refund, aContext())).text).not.toContain('Discount');
    expect((await refundEmail(anOrder(), { ...refund, amountCents: 1082 }, aContext())).text).not.toContain('Discount');
    const plain = await refundEmail(anOrder({ discountCents: 0, discountCode: undefined, totalCents: 6100 }), { ...refund, amountCents: 1200 }, aContext());
    expect(plain.text).not.toContain('Discount');
    expect(plain.text).not.toContain('Items:');
    expect((await refundEmail(anOrder(), { ...refund, amountCents: 1080, lines: [] }, aContext())).text).not.toContain('Discount');
  });

  it('names no items for a refund of an amount alone', async () => {
    const mail = await refundEmail(anOrder(), { ...refund, lines: [] }, aContext());
    expect(mail.text).not.toContain('Refunded items');
    expect(mail.html).not.toContain('<img');
  });
});
