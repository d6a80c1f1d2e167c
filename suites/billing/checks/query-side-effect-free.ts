import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** One observation of a charge through the query: what it resolved to and the charge it returned. */
export interface QueryObservation {
  exchange: Exchange;
  answer: unknown;
}

/**
 * Querying changes nothing: every repetition of the same query, and a different query in between, leave
 * the answer of the first query exactly as it was.
 */
export function querySideEffectFree(observations: readonly QueryObservation[]): Verdict {
  const [first, ...later] = observations;
  if (!first) return passed();
  for (const observation of later) {
    if (!isDeepStrictEqual(observation.answer, first.answer)) {
      throw new Violation('Repeating the query gave a different answer: an earlier query changed the charge', [
        first.exchange,
        observation.exchange,
      ]);
    }
  }
  return passed({ repetitions: observations.length });
}
