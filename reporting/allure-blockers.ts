import { ruleStrength, severityOf } from '../rules/rule-severity.ts';
import { labelOf, rewriteAllureResults } from './allure-result-files.ts';
import type { RunSummary } from './run-summary.ts';

/**
 * The Allure results of the rules whose failure blocked other rules get the severity `blocker` (a test labels its
 * rule critical before it knows what its failure will stop; the run's summary knows). Returns how many changed.
 */
export function markBlockersInAllureResults(resultsDir: string, summary: Pick<RunSummary, 'rules'>): number {
  const blocker = severityOf(ruleStrength, true);
  const blockers = new Set(summary.rules.filter((rule) => rule.severity === blocker).map((rule) => rule.ruleId));
  if (blockers.size === 0) return 0;
  return rewriteAllureResults(resultsDir, (result) => {
    const rule = labelOf(result, 'rule');
    if (!rule || !blockers.has(rule)) return undefined;
    const labels = (result.labels ?? []).filter((label) => label.name !== 'severity');
    return { ...result, labels: [...labels, { name: 'severity', value: blocker }] };
  });
}
