import fc from 'fast-check';
import type { MappingRequest } from '../../rules/shortener/records.ts';
import type { Gen } from '../gen.ts';
import { plainEntry } from './plain-entry.ts';

/** The placeholder path of a generated entry: the suite replaces it with a path fresh for the run. */
export const freshPathMarker = 'fresh';

/**
 * Valid mappingRequest entries varying what no field rule of its own judges (path, user, userGroup, free
 * params), on plain required fields: the entries `shortener.mappings.accepted` sends. The variants of the
 * fields that have a rule (longUrl forms, expDate forms, domain, cache-control, retention) are sent by that
 * rule, so that a target refusing one fails that rule alone. A `path` is the marker
 * {@link freshPathMarker}: the suite makes it unique, so that generated entries never collide with paths
 * taken before. Free strings are never empty: the document gives them no rule ("all optional strings"), so an empty
 * one is not a value it shows as valid, and a service may refuse it.
 */
export function mappingEntry(nowMs: number): Gen<MappingRequest> {
  const plain = plainEntry(nowMs);
  return {
    boundaries: [
      plain,
      { ...plainEntry(nowMs, 1), path: freshPathMarker },
      { ...plainEntry(nowMs, 2), params: { campaignId: 'spring', country: 'US', channel: 'email' } },
      { ...plainEntry(nowMs, 3), user: 'staff-42', userGroup: 'marketing' },
    ],
    arbitrary: fc
      .tuple(
        fc.nat({ max: 1000 }),
        fc.record(
          {
            path: fc.constant(freshPathMarker),
            params: fc.record(
              {
                campaignId: fc.string({ minLength: 1, maxLength: 12 }),
                channel: fc.constantFrom('email', 'sms', 'web'),
              },
              { requiredKeys: [] },
            ),
            user: fc.stringMatching(/^[a-z0-9]{1,10}$/),
            userGroup: fc.string({ minLength: 1, maxLength: 12 }),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([n, optional]) => ({ ...plainEntry(nowMs, n), ...optional })),
  };
}
