/** An updated-since value to filter with, and why it was chosen. */
export interface UpdatedSinceCut {
  value: string;
  why: string;
}

/** An instant written with a +10:00 offset (a valid RFC 3339 form other than Z). Pure. */
export function withOffset(ms: number): string {
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + 10 * 3_600_000).toISOString().slice(0, 19);
  return `${shifted}+10:00`;
}

/**
 * Where to cut the products by updated-since, from the lastUpdated values the target listed: exactly at one
 * of them (that product must be excluded: "after" is strict), between others in a +10:00 offset form, before
 * every product and after every one. Pure; no lastUpdated values, no cuts but the far ones.
 */
export function updatedSinceCuts(lastUpdated: readonly string[], nowMs: number): UpdatedSinceCut[] {
  const sorted = lastUpdated
    .filter((value) => !Number.isNaN(Date.parse(value)))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
  const median = at(0.5);
  const quartile = at(0.25);
  const secondMs = 1000; // not-a-limit: milliseconds in a second.
  return [
    ...(median ? [{ value: median, why: 'exactly the lastUpdated of a listed product' }] : []),
    ...(quartile
      ? [
          {
            value: withOffset(Date.parse(quartile) + secondMs),
            why: 'a second after a lastUpdated, with a +10:00 offset',
          },
        ]
      : []),
    { value: '1990-01-01T00:00:00Z', why: 'before every product' },
    { value: new Date(nowMs + 365 * 86_400_000).toISOString(), why: 'a year ahead of the run' },
  ];
}
