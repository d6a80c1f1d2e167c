import type { Verdict } from '../../checks/rule-violation.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import type { Rule } from '../../rules/rule.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A registered check as the registry holds it: observed, the rule id, then what the rule expects (if anything). */
// `any`: one table holds checks of every observed and expected type; BoundCheck recovers each one's types.
// biome-ignore lint/suspicious/noExplicitAny: checks of every observed and expected type share this table
export type RegisteredCheck = (observed: any, ruleId: RuleId, ...expected: any[]) => Verdict;

/** Checks by the name rules cite. */
export type CheckTable = Readonly<Record<string, RegisteredCheck>>;

/** A check with its rule's id bound: `check(observed, expected)`. */
export type BoundCheck<F> = F extends (observed: infer Observed, ruleId: RuleId, ...expected: infer Expected) => Verdict
  ? (observed: Observed, ...expected: Expected) => Verdict
  : never;

/** Who judged: the rule and the check name the registry-bound check was called for. */
interface Judgement {
  ruleId: RuleId;
  check: string;
}

// Only a bound check writes these: a suite cannot forge a verdict or a violation of a rule's check.
const verdictsJudged = new WeakMap<Verdict, Judgement>();
// A violation combined from several keeps the judges of all its parts.
const violationsJudged = new WeakMap<RuleViolation, readonly Judgement[]>();

/**
 * A rule test judged its rule with something other than the check the rule names (a verdict of another
 * rule or check, a hand-made verdict, or no verdict at all): the harness is broken, not the target.
 */
export class CheckMismatchError extends Error {
  override readonly name = 'CheckMismatchError';
  readonly code = 'CHECK_MISMATCH';
}

/** The rule's check, looked up by name in the table and bound to the rule, counting the verdicts it gave. */
export interface RuleCheck {
  check: (observed: unknown, ...expected: unknown[]) => Verdict;
  /** How many verdicts the bound check returned so far. */
  verdicts(): number;
}

export function bindRuleCheck(rule: Pick<Rule, 'id' | 'check'>, table: CheckTable): RuleCheck {
  const registered = Object.hasOwn(table, rule.check) ? table[rule.check] : undefined;
  if (!registered) throw new CheckMismatchError(`rule ${rule.id} names check ${rule.check}, which is not registered`);
  // A registered family's rule: its id is one of the RuleId union (the rule list it comes from derives it).
  const ruleId = rule.id as RuleId;
  const judgement: Judgement = { ruleId, check: rule.check };
  let given = 0;
  const check = (observed: unknown, ...expected: unknown[]): Verdict => {
    let verdict: Verdict;
    try {
      verdict = registered(observed, ruleId, ...expected);
    } catch (error) {
      if (error instanceof RuleViolation && error.ruleId === rule.id) violationsJudged.set(error, [judgement]);
      throw error;
    }
    if (verdict?.ruleId !== rule.id)
      throw new CheckMismatchError(
        `check ${rule.check} returned a verdict for ${String(verdict?.ruleId)}, not for ${rule.id}`,
      );
    // A copy: the same verdict object can never be claimed by two rules.
    const stamped: Verdict = { ...verdict };
    verdictsJudged.set(stamped, judgement);
    given += 1;
    return stamped;
  };
  return { check, verdicts: () => given };
}

function describe(judgement: Judgement | undefined): string {
  return judgement ? `check ${judgement.check} of ${judgement.ruleId}` : 'no registered check';
}

/**
 * The verdicts a rule test returned must come from its rule's check, and that check must have judged at
 * least once: a test that passes on anything else would report a verdict the rule's check never gave.
 */
export function assertJudgedByRuleCheck(
  rule: Pick<Rule, 'id' | 'check'>,
  returned: readonly Verdict[],
  verdictsGiven: number,
): void {
  for (const verdict of returned) {
    const judgement = verdictsJudged.get(verdict);
    if (judgement?.ruleId !== rule.id || judgement.check !== rule.check) {
      throw new CheckMismatchError(
        `rule ${rule.id} (check ${rule.check}) returned a verdict from ${describe(judgement)}`,
      );
    }
  }
  if (verdictsGiven === 0)
    throw new CheckMismatchError(`rule ${rule.id} passed without a verdict of its check ${rule.check}`);
}

/**
 * A violation fails the rule only when it is the rule's own: given by its check, or raised for the rule by a
 * prerequisite reader (`prerequisiteMissing` when the rule judges the missing property). A violation of
 * another rule, or one given by another check, is a broken test. (No family suite makes a violation itself:
 * test/suites/suites-judge-by-name.test.ts.)
 */
export function assertViolationOfRule(rule: Pick<Rule, 'id' | 'check'>, violation: RuleViolation): void {
  if (violation.ruleId !== rule.id)
    throw new CheckMismatchError(
      `rule ${rule.id} (check ${rule.check}) was failed by a violation of ${violation.ruleId}: ${violation.message}`,
    );
  const foreign = violationsJudged
    .get(violation)
    ?.find((judgement) => judgement.check !== rule.check || judgement.ruleId !== rule.id);
  if (foreign) throw new CheckMismatchError(`rule ${rule.id} (check ${rule.check}) was failed by ${describe(foreign)}`);
}

/**
 * One violation standing for several (one per listing, say), for a suite, which never makes one itself: it
 * keeps who judged each part, so a part that another check gave still shows the test as broken.
 */
export function combinedViolation(
  ruleId: RuleId,
  parts: readonly RuleViolation[],
  message: string,
  evidence: readonly Exchange[],
): RuleViolation {
  const combined = new RuleViolation(ruleId, message, evidence);
  const foreignParts = parts
    .filter((part) => part.ruleId !== ruleId)
    .map((part) => ({ ruleId: part.ruleId, check: `(a violation of ${part.ruleId})` }));
  violationsJudged.set(combined, [...parts.flatMap((part) => violationsJudged.get(part) ?? []), ...foreignParts]);
  return combined;
}
