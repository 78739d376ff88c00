import { carrierOfTrackingNumber, trackingNumberWarning } from './carrier-formats';

describe("the carrier a tracking number's format names", () => {
  it('knows USPS by its 20-22 digits from 92-95 (with or without the 420 + ZIP prefix) and its international numbers', () => {
    for (const n of ['9400111899223817527331', '9205590164917312751089', '93001234567890123456', '9500123456789012345678', '420100019400111899223817527331', 'EC123456789US'])
      expect(carrierOfTrackingNumber(n)).toBe('USPS');
    // One digit short or long, a 91 or 96 start, or the prefix without its number: not USPS's.
    expect(carrierOfTrackingNumber('9400111899223817527')).toBeNull();
    expect(carrierOfTrackingNumber('94001118992238175273311')).toBeNull();
    expect(carrierOfTrackingNumber('9100111899223817527331')).toBeNull();
    expect(carrierOfTrackingNumber('42010001')).toBeNull();
    expect(carrierOfTrackingNumber('EC123456789GB')).toBeNull();
    expect(carrierOfTrackingNumber('E1123456789US')).toBeNull();
    expect(carrierOfTrackingNumber('EC12345678US')).toBeNull();
    // A USPS number with anything before or after it is not one.
    expect(carrierOfTrackingNumber('X9400111899223817527331')).toBeNull();
    expect(carrierOfTrackingNumber('XEC123456789US')).toBeNull();
    expect(carrierOfTrackingNumber('EC123456789USX')).toBeNull();
  });

  it('knows UPS by 1Z and 16 letters or digits', () => {
    expect(carrierOfTrackingNumber('1Z999AA10123456784')).toBe('UPS');
    expect(carrierOfTrackingNumber('1z 999 aa1 0123 4567 84')).toBe('UPS');
    expect(carrierOfTrackingNumber('1Z999AA1012345678')).toBeNull();
    expect(carrierOfTrackingNumber('1Z999AA101234567845')).toBeNull();
    expect(carrierOfTrackingNumber('2Z999AA10123456784')).toBeNull();
    expect(carrierOfTrackingNumber('1Z999AA1012345678-')).toBeNull();
    expect(carrierOfTrackingNumber('X1Z999AA10123456784')).toBeNull();
  });

  it('knows FedEx by 12 or 15 digits, or 96 and 20 more', () => {
    expect(carrierOfTrackingNumber('123456789012')).toBe('FedEx');
    expect(carrierOfTrackingNumber('123456789012345')).toBe('FedEx');
    expect(carrierOfTrackingNumber('9612345678901234567890')).toBe('FedEx');
    expect(carrierOfTrackingNumber('12345678901')).toBeNull();
    expect(carrierOfTrackingNumber('1234567890123')).toBeNull();
    expect(carrierOfTrackingNumber('1234567890123456')).toBeNull();
    expect(carrierOfTrackingNumber('961234567890123456789')).toBeNull();
  });

  it('knows DHL Express by 10 digits or a JJD number', () => {
    expect(carrierOfTrackingNumber('1234567890')).toBe('DHL');
    expect(carrierOfTrackingNumber('JJD0099999999')).toBe('DHL');
    expect(carrierOfTrackingNumber('jjd 00 9999 9999 9999 9999')).toBe('DHL');
    expect(carrierOfTrackingNumber('123456789')).toBeNull();
    expect(carrierOfTrackingNumber('JJD009999999')).toBeNull();
    expect(carrierOfTrackingNumber('JJD009999999999999999999')).toBeNull();
    expect(carrierOfTrackingNumber('XJJD0099999999')).toBeNull();
  });

  it('names nobody for a number of no known shape', () => {
    expect(carrierOfTrackingNumber('')).toBeNull();
    expect(carrierOfTrackingNumber('RAVEN-42')).toBeNull();
    expect(carrierOfTrackingNumber('x1234567890')).toBeNull();
  });
});

describe("the warning on a tracking number of another carrier's format", () => {
  it('flags a USPS number under UPS, naming both', () => {
    expect(trackingNumberWarning('UPS', '9400111899223817527331')).toBe('This tracking number looks like a USPS number, not UPS: check the carrier.');
    expect(trackingNumberWarning('usps ', '1Z999AA10123456784')).toBe('This tracking number looks like a UPS number, not USPS: check the carrier.');
    expect(trackingNumberWarning('DHL', '123456789012')).toBe('This tracking number looks like a FedEx number, not DHL: check the carrier.');
  });

  it('says nothing when the number fits the carrier (any case), has no known shape, or either is missing', () => {
    expect(trackingNumberWarning('UPS', '1Z999AA10123456784')).toBeNull();
    expect(trackingNumberWarning('fedex', '123456789012')).toBeNull();
    expect(trackingNumberWarning('UPS', 'RAVEN-42')).toBeNull();
    expect(trackingNumberWarning(null, '1Z999AA10123456784')).toBeNull();
    expect(trackingNumberWarning('UPS', null)).toBeNull();
    expect(trackingNumberWarning('', '9400111899223817527331')).toBeNull();
    expect(trackingNumberWarning('UPS', '')).toBeNull();
  });

  it("says nothing under a carrier the shop does not know: only the studio knows that carrier's numbers", () => {
    expect(trackingNumberWarning('Royal Mail', '9400111899223817527331')).toBeNull();
  });
});
