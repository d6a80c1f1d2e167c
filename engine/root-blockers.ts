import type { RuleOutcome } from '../rules/rule-outcome.ts';

type Blockable = Pick<RuleOutcome, 'ruleId' | 'status' | 'blockedBy' | 'message'>;

/*
 * A blocked rule names the rule whose failure stopped it (issue 44: "a blocked rule always names a rule that failed").
 * A rule blocked by a rule that is itself blocked is stopped by that rule's blocker, at the root: the chain is followed
 * down to the rules that failed (or broke, or were not blocked at all), and the message keeps the way it went.
 */

/** The rules at the root of `ruleId`'s blockers, following blocked blockers down; a cycle has no root (none). */
function rootsOf(ruleId: string, byId: ReadonlyMap<string, Blockable>, seen: Set<string>): string[] {
  if (seen.has(ruleId)) return [];
  const rule = byId.get(ruleId);
  if (rule?.status !== 'blocked' || !rule.blockedBy?.length) return [ruleId];
  seen.add(ruleId);
  return [...new Set(rule.blockedBy.flatMap((blocker) => rootsOf(blocker, byId, seen)))];
}

/** The rules with every blocked rule's blockers taken down to their roots; the blockers in between are named. */
export function withRootBlockers<Rule extends Blockable>(rules: readonly Rule[]): Rule[] {
  const byId = new Map(rules.map((rule) => [rule.ruleId, rule]));
  return rules.map((rule) => {
    if (rule.status !== 'blocked' || !rule.blockedBy?.length) return rule;
    const roots = [...new Set(rule.blockedBy.flatMap((blocker) => rootsOf(blocker, byId, new Set([rule.ruleId]))))];
    const via = rule.blockedBy.filter((blocker) => !roots.includes(blocker));
    if (via.length === 0 || roots.length === 0) return rule;
    const message = `${rule.message ?? ''}${rule.message ? ' ' : ''}(via ${via.join(', ')}, itself blocked)`;
    return { ...rule, blockedBy: roots, message };
  });
}
