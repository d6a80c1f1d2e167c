import fc from 'fast-check';
import type { Gen } from '../gen.ts';

const day = 86_400_000;
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
  return [iso, `${iso.slice(0, 19)}Z`, `${iso.slice(0, 23)}456Z`, withOffset(instant, 120), withOffset(instant, -330), withOffset(instant, 0)];
}

/**
 * Valid expiry timestamps after `nowMs` (the run's clock, so they never rot): one day to two years ahead,
 * in every ISO 8601 form the rule accepts.
 */
export function isoTimestamp(nowMs: number): Gen<string> {
  return {
    boundaries: [...isoForms(nowMs + day), ...isoForms(nowMs + 730 * day).slice(0, 2)],
    arbitrary: fc.tuple(fc.integer({ min: 1, max: 730 * 24 }), fc.integer({ min: 0, max: 5 })).map(([hours, form]) => isoForms(nowMs + hours * 3_600_000)[form] as string),
  };
}
