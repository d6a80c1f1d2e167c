/** Where a rule comes from: a spec document and the section in it. */
export interface RuleSource {
  document: string;
  section: string;
}

/**
 * One normative sentence of the spec, restated in our own words, with the check that enforces it.
 * The killing mutant is not stored here: the family's reference names the rule each mutant breaks, and
 * `harness rules` joins the two so a rule without a mutant shows as a gap.
 */
export interface Rule<Check extends string = string, Section = never> {
  id: string;
  /** The interface family (its registry name) the rule belongs to. */
  family: string;
  source: RuleSource;
  statement: string;
  /** Key of the registered check (shared checks/ or the family's checks/<family>/) that decides this rule. */
  check: Check;
  /** Whether the rule applies to a target, judged on the target's section for the family; absent means always. */
  appliesTo?: (section: Section) => boolean;
  /** Plain words for when the rule applies, shown when it does not. */
  applicability?: string;
}

/**
 * The rules of one family, with `check` typed against the checks the family can use (the shared ones and
 * its own), so a rule cannot name a check that does not exist.
 */
export function defineRules<Check extends string, Section>() {
  return <const T extends readonly Rule<Check, Section>[]>(rules: T): T => rules;
}
