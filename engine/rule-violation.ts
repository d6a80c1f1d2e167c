import type { Exchange } from '../client/http-exchange.ts';
import type { RuleId } from '../rules/rule-id.ts';
import { Finding } from './finding.ts';

/** How to regenerate the failing input: the property run's seed and path, and the shrunk value. */
export interface Replay {
  seed: number;
  path: string;
  counterexample: unknown;
}

/**
 * A check found the property broken. Carries the exchanges that show it; a check never names the rule: the engine
 * that called it for a rule (engine/rule-check.ts) turns it into that rule's RuleViolation. The name contains
 * "Assertion" so that test reporters (Allure among them) count it as a failed test, not a broken one.
 */
export class Violation extends Finding {
  override readonly name: string = 'RuleAssertionError';
  readonly kind = 'breach';
  readonly code = 'RULE_VIOLATED';
  replay?: Replay;
  /** The generated case, in words, when the input came from a generator. */
  inputDescription?: string;

  constructor(
    message: string,
    readonly evidence: readonly Exchange[],
  ) {
    super(message);
  }
}

/** A violation of one rule: the check's violation with the id of the rule it was called for. */
export class RuleViolation extends Violation {
  constructor(
    readonly ruleId: RuleId,
    message: string,
    evidence: readonly Exchange[],
  ) {
    super(message, evidence);
  }
}

/** A check that passed: what it saw that the report may show. */
export interface Verdict {
  observations?: Record<string, unknown>;
}

export function passed(observations?: Record<string, unknown>): Verdict {
  return observations ? { observations } : {};
}
