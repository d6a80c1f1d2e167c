import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../../client/http-exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** One observation of a charge through the query: what it resolved to and the charge it returned. */
export interface QueryObservation {
  exchange: Exchange;
  answer: unknown;
}

/**
 * Querying changes nothing: every repetition of the same query, and a different query in between, leave
 * the answer of the first query exactly as it was.
 */
export function querySideEffectFree(observations: readonly QueryObservation[], ruleId: RuleId): Verdict {
  const [first, ...later] = observations;
  if (!first) return passed(ruleId);
  for (const observation of later) {
    if (!isDeepStrictEqual(observation.answer, first.answer)) {
      throw new RuleViolation(
        ruleId,
        'Repeating the query gave a different answer: an earlier query changed the charge',
        [first.exchange, observation.exchange],
      );
    }
  }
  return passed(ruleId, { repetitions: observations.length });
}
