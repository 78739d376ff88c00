const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90s`, `5m`, `24h`, `14d`: a whole number and one unit. Undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d{1,9})\s*([smhd])\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** `1h,24h,72h`: durations in order, each later than the one before. Undefined when any is not a duration or the order is wrong. */
export function parseDurationList(text: string): number[] | undefined {
  const parts = text.split(',').map(parseDuration);
  if (parts.length === 0 || parts.some((p) => p === undefined)) return undefined;
  const list = parts as number[];
  return list.every((ms, i) => i === 0 || ms > list[i - 1]) ? list : undefined;
}
