import { KNOWN_CARRIERS } from './tracking-links';

type Carrier = (typeof KNOWN_CARRIERS)[number];

/**
 * Each carrier's tracking number shapes (spaces taken out, any case): USPS's 20-22 digits from 92-95
 * (with or without the 420 + ZIP prefix its barcodes carry) and its international EA123456789US; UPS's
 * 1Z and 16 letters or digits; FedEx's 12 or 15 digits, or a Ground 96 and 20 digits; DHL Express's
 * 10 digits or a JJD number. The shapes do not overlap, so a number names one carrier at most.
 */
const FORMATS: ReadonlyArray<readonly [Carrier, RegExp]> = [
  ['USPS', /^(420\d{5})?9[2-5]\d{18,20}$/],
  ['USPS', /^[A-Z]{2}\d{9}US$/],
  ['UPS', /^1Z[0-9A-Z]{16}$/],
  ['FedEx', /^(\d{12}|\d{15}|96\d{20})$/],
  ['DHL', /^(\d{10}|JJD\d{10,20})$/],
];

/** The carrier whose format a tracking number has, or null when it has none of theirs. */
export function carrierOfTrackingNumber(trackingNumber: string): Carrier | null {
  const n = trackingNumber.replace(/\s/g, '').toUpperCase();
  return FORMATS.find(([, format]) => format.test(n))?.[0] ?? null;
}

/**
 * A warning when the tracking number has another known carrier's format than the carrier typed (a
 * USPS number under UPS): the studio may know better (a carrier's newer format), so it is said, never refused.
 */
export function trackingNumberWarning(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const typed = KNOWN_CARRIERS.find((c) => c.toLowerCase() === carrier.trim().toLowerCase());
  const detected = carrierOfTrackingNumber(trackingNumber);
  if (!typed || !detected || detected === typed) return null;
  return `This tracking number looks like a ${detected} number, not ${typed}: check the carrier.`;
}
