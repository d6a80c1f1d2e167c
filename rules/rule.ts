import type { TenantMode } from './tenant-mode.ts';

/** The interface families of the spec; later documents add theirs here. */
export type InterfaceFamily = 'billing';

/** Where a rule comes from: a spec document and the section in it. */
export interface RuleSource {
  document: string;
  section: string;
}

/**
 * One normative sentence of the spec, restated in our own words, with the check that enforces it.
 * The killing mutant is not stored here: the reference target's mutant catalogue names the rule it breaks,
 * and `harness rules` joins the two so a rule without a mutant shows as a gap.
 */
export interface Rule {
  id: string;
  family: InterfaceFamily;
  source: RuleSource;
  statement: string;
  /** Name of the check function (checks/) that decides this rule. */
  check: string;
  /** Tenant modes where the rule applies; absent means always. */
  appliesTo?: (tenant: TenantMode) => boolean;
  /** Plain words for when the rule applies, shown when it does not. */
  applicability?: string;
}

export function defineRules<const T extends readonly Rule[]>(rules: T): T {
  return rules;
}
