import type { Exchange } from '../client/http-exchange.ts';

/**
 * What a check, a walk or a sequence found: `breach`, the property its rule states is broken; `missing`, what the
 * rule's route needs could not be read, and the rules that judge it are named; `run-limit`, a bound of the run stopped
 * the rule (its share of the deadline, a request left unanswered, a body too large to read); `not-applicable`, the
 * target showed the rule does not apply to it.
 */
export type FindingKind = 'breach' | 'missing' | 'run-limit' | 'not-applicable';

/**
 * The one type thrown from a check to a rule's outcome: every finding is one, whatever its kind, and one ordered
 * resolution (engine/thrown-resolution.ts) turns it into the outcome of the rule in progress. Anything else a rule's
 * test throws is no finding: the check or the harness is at fault (broken). The classes below it only spell a kind
 * and what it carries: Violation and RuleViolation (a breach, before and after the engine named its rule),
 * PrerequisiteMissing and RuleBlocked (missing, likewise; a block of the run is a run limit), RuleOutOfTime (a run
 * limit) and NotApplicableHere.
 */
export abstract class Finding extends Error {
  abstract readonly kind: FindingKind;
  /** The exchanges that show it; none where the run's own bound stopped the rule before it saw anything. */
  abstract readonly evidence: readonly Exchange[];
}

export function isFinding(value: unknown): value is Finding {
  return value instanceof Finding;
}
