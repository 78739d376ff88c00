/** The carriers whose tracking pages the shop can link to, by the name the studio types (any case). */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`,
};

export const KNOWN_CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;

/** The carrier's tracking page for a parcel, or null for a carrier the shop does not know (the number is still shown). */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = TRACKING_PAGES[carrier.trim().toLowerCase()];
  return page ? page(encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) : null;
}
