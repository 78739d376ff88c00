import { backInStockEmail } from './back-in-stock.email';
import { confirmationEmail } from './confirmation.email';

const shop = { publicUrl: 'https://shop.example', contactEmail: 'studio@darkcircle.example' };
const to = { email: 'raven@example.com', requestId: 'r1', round: 2 };

describe('backInStockEmail', () => {
  const productUrl = 'https://shop.example/product/7?variant=7-2';
  const leaveUrl = 'https://shop.example/back-in-stock/leave?token=abc';
  const piece = { name: 'Coven Zip Hoodie', variantName: 'M', priceCents: 7200, imageUrl: 'https://shop.example/email-images/7.png' };

  it('names the piece and its size with price and picture, links to it with the size chosen, and offers a way off the list', async () => {
    const mail = await backInStockEmail(to, piece, productUrl, leaveUrl, shop);
    expect(mail).toMatchObject({
      to: 'raven@example.com',
      subject: 'Back in stock: Coven Zip Hoodie, M',
      messageId: '<back-in-stock-r1-2@darkcircle.shop>',
      headers: { 'List-Unsubscribe': `<${leaveUrl}>` },
    });
    expect(mail.html).toContain(`src="${piece.imageUrl}"`);
    expect(mail.html).toContain(`href="${productUrl}"`);
    expect(mail.html).toContain(`href="${leaveUrl}"`);
    expect(mail.text).toContain('$72.00');
    expect(mail.text).toContain(`Shop it now ${productUrl}`);
  });

  it('names a piece without options by its name alone, and leaves out a missing picture', async () => {
    const mail = await backInStockEmail(to, { ...piece, variantName: '', imageUrl: null }, productUrl, leaveUrl, shop);
    expect(mail.subject).toBe('Back in stock: Coven Zip Hoodie');
    expect(mail.html).not.toContain('<img');
  });
});

describe('confirmationEmail', () => {
  it('asks the address to confirm with its link, and says that ignoring it is enough', async () => {
    const confirmUrl = 'https://shop.example/back-in-stock/confirm?token=xyz';
    const mail = await confirmationEmail(to, 'Coven Zip Hoodie, M', confirmUrl, shop);
    expect(mail).toMatchObject({ subject: 'Confirm: email me when Coven Zip Hoodie, M is back', messageId: '<back-in-stock-confirm-r1-2@darkcircle.shop>' });
    expect(mail.html).toContain(`href="${confirmUrl}"`);
    expect(mail.text).toMatch(/ignore this email/);
  });
});
