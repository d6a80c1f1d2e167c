import fc from 'fast-check';
import type { MappingRequest } from '../../rules/shortener/records.ts';
import type { Gen } from '../gen.ts';
import { isoForms } from './iso-timestamp.ts';
import { validLongUrls } from './valid-long-urls.ts';

const hour = 3_600_000;

/**
 * The plain baseline entry number `n`: only the required fields, each in its plainest form (an https URL on
 * example.com, an expiry in `toISOString` form some hours after `nowMs`). Every variant of a field (an offset
 * date, a domain, a retention, a userGroup) belongs to that field's rule; rules that only need an accepted
 * request send this, so that one refused variant fails its own rule and no other. Entries differ by `n`, so
 * that an answer list can be matched to them.
 */
export function plainEntry(nowMs: number, n = 0): MappingRequest {
  return { longUrl: `https://example.com/plain/${n}`, expDate: new Date(nowMs + (24 + n) * hour).toISOString() };
}

/** Requests of one to five plain baseline entries, all distinct: one alone, five together, then random counts. */
export function plainRequest(nowMs: number): Gen<MappingRequest[]> {
  const request = (count: number, first: number) =>
    Array.from({ length: count }, (_, index) => plainEntry(nowMs, first + index));
  return {
    boundaries: [request(1, 0), request(5, 0)],
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 5 }), fc.nat({ max: 1000 }))
      .map(([count, first]) => request(count, first)),
  };
}

/**
 * One request of entries carrying every other valid form of longUrl and expDate (ports, encoded characters,
 * offsets, fractions): what a target echoes for them is judged by the echo rule, once the field rules have
 * let them through.
 */
export function formVariantsRequest(nowMs: number): MappingRequest[] {
  const forms = isoForms(nowMs + 30 * 24 * hour);
  return validLongUrls.map((longUrl, index) => ({ longUrl, expDate: forms[index % forms.length] as string }));
}
