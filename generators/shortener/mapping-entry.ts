import fc from 'fast-check';
import { noStore, shortenerDomains, type MappingRequest } from '../../rules/shortener/records.ts';
import type { Gen } from '../gen.ts';
import { isoTimestamp } from './iso-timestamp.ts';

/** Valid longUrl values: both schemes, ports, queries, fragments, percent-encoding, a long path. */
export const validLongUrls = [
  'https://example.com',
  'http://example.com/',
  'https://shop.example.co.uk:8443/a/b?c=d&e=f#g',
  'http://127.0.0.1:8080/offer',
  'https://example.com/path%20with%20spaces?q=%C3%A9',
  `https://example.com/${'x'.repeat(1900)}`,
] as const;

const longUrl = fc
  .tuple(fc.constantFrom('https', 'http'), fc.domain(), fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 4 }), fc.option(fc.stringMatching(/^[a-z]{1,8}=[a-z0-9]{0,8}$/), { nil: undefined }))
  .map(([scheme, host, segments, query]) => `${scheme}://${host}/${segments.join('/')}${query ? `?${query}` : ''}`);

/** The placeholder path of a generated entry: the suite replaces it with a path fresh for the run. */
export const freshPathMarker = 'fresh';

/**
 * Valid mappingRequest entries whose expDate lies after `nowMs`: the smallest entry, one per domain, every
 * optional field, then random combinations. A `path` is the marker {@link freshPathMarker}: the suite makes
 * it unique, so that generated entries never collide with paths taken before.
 */
export function mappingEntry(nowMs: number): Gen<MappingRequest> {
  const expDate = isoTimestamp(nowMs);
  const first = expDate.boundaries[0] as string;
  return {
    boundaries: [
      { longUrl: 'https://example.com', expDate: first },
      ...shortenerDomains.map((domain) => ({ longUrl: `https://example.com/${domain}`, expDate: first, domain })),
      { longUrl: validLongUrls[2], expDate: first, path: freshPathMarker, domain: 'go' },
      { longUrl: validLongUrls[4], expDate: first, params: { campaignId: 'spring', country: 'US', channel: 'email', 'da.redirect.cache-control': noStore, 'da.couch.retention': '0' } },
      { longUrl: validLongUrls[3], expDate: first, user: 'staff-42', userGroup: 'marketing' },
    ],
    arbitrary: fc.record(
      {
        longUrl,
        expDate: expDate.arbitrary,
        path: fc.constant(freshPathMarker),
        domain: fc.constantFrom(...shortenerDomains),
        params: fc.record(
          { campaignId: fc.string({ maxLength: 12 }), channel: fc.constantFrom('email', 'sms', 'web'), 'da.redirect.cache-control': fc.constant(noStore), 'da.couch.retention': fc.nat({ max: 3650 }).map(String) },
          { requiredKeys: [] },
        ),
        user: fc.stringMatching(/^[a-z0-9]{1,10}$/),
        userGroup: fc.string({ maxLength: 12 }),
      },
      { requiredKeys: ['longUrl', 'expDate'] },
    ),
  };
}
