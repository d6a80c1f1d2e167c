const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The same instant written with a UTC offset of `minutes` (e.g. +02:00, -05:30). */
export function withOffset(instant: number, minutes: number): string {
  const local = new Date(instant + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 forms of one instant: milliseconds and Z, seconds and Z, microseconds, and UTC offsets. */
export function isoForms(instant: number): string[] {
  const iso = new Date(instant).toISOString();
  return [
    iso,
    `${iso.slice(0, 19)}Z`,
    `${iso.slice(0, 23)}456Z`,
    withOffset(instant, 120),
    withOffset(instant, -330),
    withOffset(instant, 0),
  ];
}
