import { welcomeEmail } from './welcome.email';

describe('welcomeEmail', () => {
  const shop = { publicUrl: 'https://shop.example', contactEmail: 'studio@darkcircle.example' };
  const unsubscribe = 'https://shop.example/newsletter/unsubscribe?token=abc';

  it('gives the code, a way to the shop, the studio contact and a one-click way out', async () => {
    const mail = await welcomeEmail({ email: 'raven@example.com', name: 'Raven', subscriberId: 's-1' }, unsubscribe, shop);
    expect(mail).toMatchObject({
      subject: 'Welcome to the Dark Circle: 10% off your first order',
      messageId: '<welcome-s-1@darkcircle.shop>',
      headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    });
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.example"[^>]*>[\s\S]*Visit the shop/);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.html).toContain('href="mailto:studio@darkcircle.example"');
    expect(mail.text).toContain('Welcome to the Dark Circle, Raven!');
    expect(mail.text).toContain('DARKCIRCLE10');
    expect(mail.text).toContain('Visit the shop https://shop.example');
    expect(mail.text).toContain(`Unsubscribe ${unsubscribe}`);
  });
});

describe("welcomeEmail with the studio's coming markets", () => {
  const shop = { publicUrl: 'https://shop.example', contactEmail: null };
  const market = {
    id: '3f0c2a9e-1111-4222-8333-444455556666',
    title: 'Night Market',
    startsAt: '2026-12-05T23:00:00.000Z',
    endsAt: '2026-12-06T03:00:00.000Z',
    timeZone: 'America/New_York',
    place: 'The Old Mill',
    address: '12 Mill Lane, Salem, MA',
    mapUrl: 'https://maps.example/mill',
    calendarUrl: '/api/local-events/3f0c2a9e-1111-4222-8333-444455556666.ics',
    note: null,
  };

  it('lists each with its day and times in the studio zone, its place, its map and its calendar file', async () => {
    const mail = await welcomeEmail({ email: 'raven@example.com', name: null, subscriberId: 's-1' }, 'https://shop.example/u', shop, [market]);
    expect(mail.text).toMatch(/Meet us in person/i);
    expect(mail.text).toContain('Night Market');
    expect(mail.text).toContain('Sat, Dec 5, 6:00 PM – 10:00 PM');
    expect(mail.text).toContain('The Old Mill, 12 Mill Lane, Salem, MA');
    expect(mail.html).toContain('href="https://maps.example/mill"');
    expect(mail.html).toContain(`href="https://shop.example/api/local-events/${market.id}.ics"`);
  });

  it('says nothing of markets when none is coming', async () => {
    const mail = await welcomeEmail({ email: 'raven@example.com', name: null, subscriberId: 's-1' }, 'https://shop.example/u', shop, []);
    expect(mail.text).not.toMatch(/Meet us in person/i);
  });
});
