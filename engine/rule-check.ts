import type { Exchange } from '../client/http-exchange.ts';
import type { Rule } from '../rules/rule.ts';
import type { RuleId } from '../rules/rule-id.ts';
import type { CheckTable, RuleUnderCheck } from './check.ts';
import { PrerequisiteMissing, prerequisiteMissing } from './rule-blocked.ts';
import { RuleViolation, type Verdict, Violation } from './rule-violation.ts';

/**
 * The engine that judges a rule: it calls the check the rule cites and names the rule on what the check found. A
 * check never knows the rule (except through `this`, see RuleUnderCheck), so a rule test cannot judge with a verdict
 * of a rule other than the one the engine stamped.
 */

/** A verdict as the engine returns it: the check's, with the id of the rule it was called for. */
export type RuleVerdict = Verdict & { readonly ruleId: RuleId };

/** A check as a rule test calls it, the rule already bound: `check(observed, expected)`. */
export type BoundCheck<F> = F extends (
  this: RuleUnderCheck,
  observed: infer Observed,
  ...expected: infer Expected
) => Verdict
  ? (observed: Observed, ...expected: Expected) => RuleVerdict
  : never;

/** A rule cites a check the table does not hold: the harness is broken, not the target. */
export class UnknownCheckError extends Error {
  override readonly name = 'UnknownCheckError';
  readonly code = 'CHECK_UNKNOWN';
}

/**
 * What an error thrown while judging `ruleId` stands for: a check's violation becomes the rule's own; a missing
 * prerequisite, the rule's own violation when the rule is one of those that judge it, else a block by them. Anything
 * else (another rule's violation, a block, a crash) is left as it is.
 */
export function forRule(ruleId: RuleId, error: unknown): unknown {
  if (error instanceof PrerequisiteMissing)
    return prerequisiteMissing(ruleId, error.judgedBy, error.missing, error.evidence);
  if (!(error instanceof Violation) || error instanceof RuleViolation) return error;
  const own = new RuleViolation(ruleId, error.message, error.evidence);
  if (error.replay) own.replay = error.replay;
  if (error.inputDescription !== undefined) own.inputDescription = error.inputDescription;
  own.stack = error.stack;
  return own;
}

/** The rule's check, bound to the rule, counting the verdicts it gave. */
export interface RuleCheck {
  check: (observed: unknown, ...expected: unknown[]) => RuleVerdict;
  /** How many verdicts the bound check returned so far. */
  verdicts(): number;
}

export function ruleCheck(rule: Pick<Rule, 'id' | 'check'>, table: CheckTable): RuleCheck {
  const registered = Object.hasOwn(table, rule.check) ? table[rule.check] : undefined;
  if (!registered) throw new UnknownCheckError(`rule ${rule.id} names check ${rule.check}, which is not registered`);
  // A registered family's rule: its id is one of the RuleId union (the rule list it comes from derives it).
  const ruleId = rule.id as RuleId;
  let given = 0;
  const check = (observed: unknown, ...expected: unknown[]): RuleVerdict => {
    const verdict = judgedFor(ruleId, () => registered.call({ ruleId }, observed, ...expected));
    given += 1;
    return { ...verdict, ruleId };
  };
  return { check, verdicts: () => given };
}

/**
 * One violation standing for several (one per listing, say) of the rule being judged: a part that is another rule's
 * violation is thrown as it is instead, so the engine still sees which rule it belongs to.
 */
export function combinedViolation(
  parts: readonly Violation[],
  message: string,
  evidence: readonly Exchange[],
  ruleId: RuleId,
): Violation {
  const foreign = parts.find((part) => part instanceof RuleViolation && part.ruleId !== ruleId);
  return foreign ?? new Violation(message, evidence);
}

/**
 * Runs a check helper outside a bound check (a suite's set-up, a walk several rules share) for `ruleId`: what it throws
 * is named for that rule, as the engine names what a check throws.
 */
export function judgedFor<T>(ruleId: RuleId, read: () => T): T {
  try {
    const result = read();
    if (result instanceof Promise)
      return result.catch((error: unknown) => {
        throw forRule(ruleId, error);
      }) as T;
    return result;
  } catch (error) {
    throw forRule(ruleId, error);
  }
}
