import type fc from 'fast-check';
import type { RuleId } from '../rules/rule-id.ts';

/**
 * A generator: hand-picked boundary values that are always tried first, then an arbitrary for the
 * random part of a property run (reproducible from the run's seed).
 */
export interface Gen<T> {
  boundaries: readonly T[];
  arbitrary: fc.Arbitrary<T>;
}

/** An invalid value and the single rule it breaks. */
export interface InvalidCase<T> {
  value: T;
  breaks: RuleId;
  /** Short human description of how it breaks the rule, shown in reports. */
  why: string;
  /** Made from a secret (a live token altered): reports show `why`, never the value. */
  derivedFromSecret?: boolean;
}

/** The cases of an invalid-value generator that break one given rule. */
export function casesBreaking<T>(gen: Gen<InvalidCase<T>>, ruleId: RuleId): Gen<InvalidCase<T>> {
  return {
    boundaries: gen.boundaries.filter((invalid) => invalid.breaks === ruleId),
    arbitrary: gen.arbitrary.filter((invalid) => invalid.breaks === ruleId),
  };
}
