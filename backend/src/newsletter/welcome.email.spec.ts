import { welcomeEmail } from './welcome.email';

describe('welcomeEmail', () => {
  const shop = { publicUrl: 'https://shop.example', contactEmail: 'studio@darkcircle.example' };
  const unsubscribe = 'https://shop.example/newsletter/unsubscribe?token=abc';

  it('gives the code, a way to the shop, the studio contact and a one-click way out', async () => {
    const mail = await welcomeEmail({ email: 'raven@example.com', name: 'Raven', subscriberId: 's-1' }, unsubscribe, shop);
    expect(mail).toMatchObject({ subject: 'Welcome to the Dark Circle: 10% off your first order', messageId: '<welcome-s-1@darkcircle.shop>', headers: { 'List-Unsubscribe': `<${unsubscribe}>` } });
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.example"[^>]*>[\s\S]*Visit the shop/);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.html).toContain('href="mailto:studio@darkcircle.example"');
    expect(mail.text).toContain('Welcome to the Dark Circle, Raven!');
    expect(mail.text).toContain('DARKCIRCLE10');
    expect(mail.text).toContain('Visit the shop https://shop.example');
    expect(mail.text).toContain(`Unsubscribe ${unsubscribe}`);
  });
});
