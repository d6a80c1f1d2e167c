import { sharedChecks } from '../checks/index.ts';
import { settledVerdict } from '../engine/settled-verdict.ts';
import type { CheckTable } from '../engine/check.ts';
import { ruleCheck } from '../engine/rule-check.ts';
import type { Verdict } from '../engine/rule-violation.ts';
import type { Rule } from '../rules/rule.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** A rule an answer under load broke: the rule and what broke it. */
export interface LoadBreach {
  ruleId: RuleId;
  message: string;
}

/** A family's rules as load traffic judges them: each by the check the rule cites, through the engine. */
export interface LoadJudge {
  /** The rule's registered check, bound to the rule: its violations name the rule. */
  checkOf(ruleId: RuleId): (observed: unknown, ...expected: unknown[]) => Verdict;
  /**
   * Undefined when what load observed keeps the rule (or the rule is blocked by another's failure, which that rule's
   * own check reports); else the rule and its check's message.
   */
  breach(ruleId: RuleId, observed: unknown, ...expected: unknown[]): LoadBreach | undefined;
}

export function loadJudge(rules: readonly Pick<Rule, 'id' | 'check'>[], familyChecks: CheckTable): LoadJudge {
  const table: CheckTable = { ...sharedChecks, ...familyChecks };
  // Bound once per rule: breach runs on every answer under load.
  const bound = new Map<RuleId, ReturnType<LoadJudge['checkOf']>>();
  const checkOf = (ruleId: RuleId) => {
    const known = bound.get(ruleId);
    if (known) return known;
    const rule = rules.find((candidate) => candidate.id === ruleId);
    if (!rule) throw new Error(`load judges ${ruleId}, which is not a rule of the family`);
    const check = ruleCheck(rule, table).check;
    bound.set(ruleId, check);
    return check;
  };
  return {
    checkOf,
    breach(ruleId, observed, ...expected) {
      const settled = settledVerdict(() => checkOf(ruleId)(observed, ...expected));
      return settled.status === 'failed' ? { ruleId: settled.ruleId as RuleId, message: settled.message } : undefined;
    },
  };
}
