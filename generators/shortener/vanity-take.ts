import fc from 'fast-check';
import { type ShortenerDomain, shortenerDomains } from '../../rules/shortener/records.ts';

/**
 * One request of a vanity-path sequence asking for a path: a fresh one or one the sequence asked for before (`reuse`,
 * counted back from the latest path it took), on a named domain or none (the default, m) or, for a reuse, on the domain
 * it was asked on before (`sameDomain`), on plain entry `entry` (another longUrl and expiry), from another
 * `userGroup` or none, alone or as the second entry of its request.
 */
export interface VanityTake {
  reuse: number | undefined;
  sameDomain: boolean;
  domain: ShortenerDomain | undefined;
  entry: number;
  userGroup: string | undefined;
  user: string | undefined;
  second: boolean;
}

export const vanityTake: fc.Arbitrary<VanityTake> = fc.record({
  // Reuses weigh more: a sequence's point is what comes back after a path was taken.
  reuse: fc.option(fc.nat({ max: 7 }), { freq: 3, nil: undefined }),
  // Mostly the domain it was taken on: the documented refusal is what a sequence must keep finding.
  sameDomain: fc.boolean().chain((other) => (other ? fc.boolean() : fc.constant(true))),
  domain: fc.option(fc.constantFrom(...shortenerDomains), { freq: 5, nil: undefined }),
  entry: fc.nat({ max: 3 }),
  userGroup: fc.option(fc.constantFrom('marketing', 'ops', 'sales'), { nil: undefined }),
  user: fc.option(fc.constantFrom('staff-1', 'staff-2'), { nil: undefined }),
  second: fc.boolean(),
});
