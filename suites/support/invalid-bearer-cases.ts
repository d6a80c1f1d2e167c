import type { Gen, InvalidCase } from '../../generators/gen.ts';
import { invalidBearer } from '../../generators/invalid-bearer.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** The invalid bearer tokens made from `realToken`, each breaking the rule in progress (a rule test's own). */
export function invalidBearerCases(realToken: string): Gen<InvalidCase<string>> {
  const ruleId = ruleInProgress();
  if (ruleId === undefined) throw new Error('invalidBearerCases is called inside a rule test');
  return invalidBearer(ruleId as RuleId, realToken);
}
