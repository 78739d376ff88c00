import { aContext, anOrder, expectTheOrderEmailParts } from '../../test/support/order-email-fixtures';
import { fulfillmentEmail, type FulfillmentNews } from './fulfillment.email';

const news = (n: Partial<FulfillmentNews> & Pick<FulfillmentNews, 'step'>): FulfillmentNews => ({ note: null, carrier: null, trackingNumber: null, trackingUrl: null, ...n });

describe('fulfillmentEmail', () => {
  it('tells a parcel on its way with its carrier and a tracking link, beside the order and the way back to it', async () => {
    const mail = await fulfillmentEmail(
      anOrder(),
      news({ step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000' }),
      aContext(),
    );
    expect(mail).toMatchObject({ subject: 'Your Dark Circle order DC-123456 is on its way', messageId: '<shipped-6f1c2f4e-2d9b-4c43-9a51-6d2a8f0b1e77@darkcircle.shop>' });
    expectTheOrderEmailParts(mail);
    expect(mail.html).toMatch(/<a href="https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=94001000"[^>]*>9400 1000<\/a>/);
    expect(mail.text).toContain('Carrier: USPS');
    expect(mail.text).toContain('Tracking number: 9400 1000 https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000');
    expect(mail.text).toContain('Total: $55.40');
  });

  it("carries the studio's note when the order is ready for pickup, and says no carrier", async () => {
    const mail = await fulfillmentEmail(
      anOrder({ fulfillment: 'pickup', shippingAddress: null }),
      news({ step: 'ready-for-pickup', note: 'Ring the bell at the back door, Tue-Sat 10-6.', carrier: 'USPS' }),
      aContext(),
    );
    expect(mail.subject).toBe('Your Dark Circle order DC-123456 is ready for pickup');
    expect(mail.text).toContain('Ring the bell at the back door, Tue-Sat 10-6.');
    expect(mail.text).not.toContain('Carrier');
    expect(mail.text).toContain('View your order https://shop.example/order-status/signed.token');
  });

  it('thanks the shopper once the order is picked up', async () => {
    const mail = await fulfillmentEmail(anOrder(), news({ step: 'picked-up' }), aContext());
    expect(mail).toMatchObject({ subject: 'Your Dark Circle order DC-123456 was picked up', messageId: '<picked-up-6f1c2f4e-2d9b-4c43-9a51-6d2a8f0b1e77@darkcircle.shop>' });
    expect(mail.html).toContain('View your order');
    expect(mail.text).toContain('View your order https://shop.example/order-status/signed.token');
  });
});
