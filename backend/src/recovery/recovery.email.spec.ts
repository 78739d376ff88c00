import { recoveryEmail, recoverySubject } from './recovery.email';

describe('recoveryEmail', () => {
  const input = {
    messageKey: 'cart-1-req-1',
    step: 2,
    to: 'mina@example.com',
    name: 'Mina',
    lines: [
      { itemId: 'i1', productId: 2, variantId: '2-1', variantName: 'M', name: 'Bat Wing Crop Tee', imageUrl: '/images/products/skull.svg', unitPriceCents: 3200, quantity: 2 },
      { itemId: 'i2', productId: 3, variantId: '3-1', variantName: '', name: 'Old Candle', unitPriceCents: 500, quantity: 1 },
    ],
    lineImages: ['https://shop.example/email-images/2.png', null],
    shop: { publicUrl: 'https://shop.example', contactEmail: 'studio@darkcircle.example' },
    restoreUrl: 'https://shop.example/cart/restore?token=abc',
    unsubscribeUrl: 'https://shop.example/recovery/unsubscribe?token=def',
  };

  it("shows the cart's lines with their pictures (the shop's PNGs), its total, the restore button, the contact and the way out; no tracking pixel", async () => {
    const mail = await recoveryEmail(input);
    expect(mail).toMatchObject({ subject: recoverySubject(2), messageId: '<recovery-cart-1-req-1@darkcircle.shop>', headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` } });
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.example\/cart\/restore\?token=abc"[^>]*>[\s\S]*Return to your cart/);
    expect(mail.html).toMatch(/<img alt="Bat Wing Crop Tee, M"[^>]+src="https:\/\/shop\.example\/email-images\/2\.png"/);
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    expect(mail.html).toContain('href="mailto:studio@darkcircle.example"');
    expect(mail.html).toContain(`href="${input.unsubscribeUrl}"`);
    expect(mail.text).toContain('Your cart is still here, just as you left it:');
    expect(mail.text).toContain('Total: $69.00');
    expect(mail.text).toContain(`Return to your cart ${input.restoreUrl}`);
    expect(mail.text).toContain(`No more reminders about carts ${input.unsubscribeUrl}`);
  });

  it('greets by a plain first name only: a name that could carry a link or a message never reaches the email', async () => {
    const plain = await recoveryEmail({ ...input, name: 'Mina Harker' });
    expect(plain.text).toContain('Hello Mina,');
    expect(plain.html).toContain('Hello Mina,');
    expect(plain.html).not.toContain('Harker');

    const bait = 'Hello friend. Your account is locked: verify at https://evil.example/login';
    const mail = await recoveryEmail({ ...input, name: bait });
    for (const body of [mail.html, mail.text]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('account is locked');
    }
    expect(mail.text).toMatch(/^Hello,$/m);
  });
});
