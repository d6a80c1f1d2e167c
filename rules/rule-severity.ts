/**
 * How binding the sentence behind a verdict is. Every rule of rules/ restates a MUST of a document (a rule fails a
 * target; DESIGN: "MUST fails"); a load threshold is a figure the nightly profile or the target entry pins, not a
 * document's; SHOULD, MAY and descriptive sentences are observed and reported, never judged.
 */
export type NormativeStrength = 'must' | 'pinned' | 'observed';

/** Allure's severity scale, which the report, summary.json and summary.md show. */
export type Severity = 'blocker' | 'critical' | 'normal' | 'minor' | 'trivial';

/** The strength of every rule: rules/ holds only sentences that fail a target. */
export const ruleStrength: NormativeStrength = 'must';

const severities: Record<NormativeStrength, Severity> = { must: 'critical', pinned: 'normal', observed: 'trivial' };

/**
 * The severity a verdict is shown with: a MUST is critical, and a blocker once its failure kept other rules from being
 * judged; a pinned threshold is normal; what is only observed is trivial.
 */
export function severityOf(strength: NormativeStrength, blocksOtherRules = false): Severity {
  return strength === 'must' && blocksOtherRules ? 'blocker' : severities[strength];
}
