import { billingRules } from './billing/rules.ts';
import type { Rule } from './rule.ts';

/** Every rule of every interface family, in table order. */
export const allRules: readonly Rule[] = [...billingRules];

const byId = new Map(allRules.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return byId.get(id);
}
