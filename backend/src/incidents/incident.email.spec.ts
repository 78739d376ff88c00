import { oversoldIncidentEmail } from './incident.email';

const shop = { publicUrl: 'https://shop.example', contactEmail: 'studio@darkcircle.example' };
const notice = {
  incidentId: 'i-1',
  name: 'Raven Hoodie, M',
  orders: [
    { orderId: 'o-1', orderNumber: 'DC-1001' },
    { orderId: 'o-2', orderNumber: 'DC-1002' },
  ],
  squareCount: -2,
};

describe('oversoldIncidentEmail', () => {
  it('tells every admin in one email which piece and which orders, each linked to its page, and where to resolve it', async () => {
    const mail = await oversoldIncidentEmail(['owner@darkcircle.test', 'studio@darkcircle.test'], notice, shop);
    expect(mail).toMatchObject({
      to: 'owner@darkcircle.test, studio@darkcircle.test',
      subject: 'Sold twice: Raven Hoodie, M (DC-1001, DC-1002)',
      messageId: '<incident-i-1@darkcircle.shop>',
    });
    expect(mail.html).toContain('href="https://shop.example/admin/orders/o-1"');
    expect(mail.html).toContain('href="https://shop.example/admin/orders/o-2"');
    expect(mail.html).toContain('href="https://shop.example/admin"');
    expect(mail.text).toContain('Square now counts -2');
    expect(mail.text).toContain('the same units');
    expect(mail.text).toContain('Online orders involved');
  });

  it('speaks of one unit and one order when that is what it was', async () => {
    const mail = await oversoldIncidentEmail(['owner@darkcircle.test'], { ...notice, orders: [notice.orders[0]], squareCount: -1 }, shop);
    expect(mail.text).toContain('the same unit:');
    expect(mail.text).toContain('Online order involved');
  });
});
