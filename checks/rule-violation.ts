import type { Exchange } from '../client/http-exchange.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** How to regenerate the failing input: the property run's seed and path, and the shrunk value. */
export interface Replay {
  seed: number;
  path: string;
  counterexample: unknown;
}

/**
 * A target broke a rule. Carries the exchanges that show it. The name contains "Assertion" so that test
 * reporters (Allure among them) count it as a failed test, not a broken one.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleAssertionError';
  readonly code = 'RULE_VIOLATED';
  replay?: Replay;
  /** The generated case, in words, when the input came from a generator. */
  inputDescription?: string;

  constructor(
    readonly ruleId: RuleId,
    message: string,
    readonly evidence: readonly Exchange[],
  ) {
    super(message);
  }
}

/** A check that passed: which rule, and what it saw that the report may show. */
export interface Verdict {
  ruleId: RuleId;
  observations?: Record<string, unknown>;
}

export function passed(ruleId: RuleId, observations?: Record<string, unknown>): Verdict {
  return observations ? { ruleId, observations } : { ruleId };
}
