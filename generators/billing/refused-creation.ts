import fc from 'fast-check';
import type { InvalidCase } from '../gen.ts';
import { validIdempotencyKey } from './idempotency-key.ts';
import { malformedJsonBody } from './malformed-json-body.ts';

/**
 * A charge creation the invalid-input rule refuses (a body that is no JSON object), carrying an Idempotency-Key the
 * sequence used before (`reuse`, counted back from the latest) or a fresh one: between a key's first use and its
 * retry, a refusal that must leave what the key answered as it was.
 */
export interface RefusedCreation {
  body: InvalidCase<string>;
  key: { fresh: string } | { reuse: number };
}

export const refusedCreation: fc.Arbitrary<RefusedCreation> = fc.record({
  body: fc.oneof(fc.constantFrom(...malformedJsonBody.boundaries), malformedJsonBody.arbitrary),
  key: fc.oneof(
    {
      weight: 1, // not-a-limit: keys cut short so a step's line stays readable (Idempotency-Key's limit is 255).
      arbitrary: validIdempotencyKey.arbitrary.map((fresh) => ({ fresh: fresh.slice(0, 64) })),
    },
    { weight: 3, arbitrary: fc.nat({ max: 3 }).map((reuse) => ({ reuse })) },
  ),
});
