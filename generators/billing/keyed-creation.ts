import fc from 'fast-check';
import type { ChargeDraft, Pricing } from '../../rules/billing/adapters/model.ts';
import { chargeDraft } from './charge-draft.ts';
import { validIdempotencyKey } from './idempotency-key.ts';
import { validTrackId } from './track-id.ts';

/**
 * One charge creation of a billing sequence: a charge with default pricing (so that the query can read it back), under
 * no Idempotency-Key, a fresh one, or one the sequence used before (`reuse`, counted back from the latest) with the same
 * body (a retry) or this one (the key reused for another charge), with or without its own Svc-Track-Id (a retry under
 * another trace id is still a retry).
 */
export interface KeyedCreation {
  draft: ChargeDraft & { defaultPricing: Pricing };
  key: { fresh: string } | { reuse: number; sameBody: boolean } | undefined;
  trackId: string | undefined;
}

export const keyedCreation: fc.Arbitrary<KeyedCreation> = fc.record({
  draft: chargeDraft.filter((draft): draft is KeyedCreation['draft'] => draft.defaultPricing !== undefined),
  // Reuses weigh most: what a sequence adds is what comes back after a key was used.
  key: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2, // not-a-limit: keys cut short so a step's line stays readable (Idempotency-Key's limit is 255).
      arbitrary: validIdempotencyKey.arbitrary.map((fresh) => ({ fresh: fresh.slice(0, 64) })),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        reuse: fc.nat({ max: 3 }),
        sameBody: fc.boolean().chain((same) => (same ? fc.constant(true) : fc.boolean())),
      }),
    },
  ),
  trackId: fc.option(validTrackId.arbitrary, { nil: undefined }),
});
