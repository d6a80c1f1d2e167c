import type { TestResult } from 'allure-js-commons';
import { ruleStrength, severityOf } from '../rules/rule-severity.ts';
import { labelOf } from './allure-result-files.ts';
import type { RunSummary } from './run-summary.ts';

const blocker = severityOf(ruleStrength, true);

/** The rules whose failure blocked other rules, as the run's summary says once it knows what each failure stopped. */
export function blockerRules(summary: Pick<RunSummary, 'rules'>): ReadonlySet<string> {
  return new Set(summary.rules.filter((rule) => rule.severity === blocker).map((rule) => rule.ruleId));
}

/**
 * A blocker rule's result gets the severity `blocker` (a test labels its rule critical before it knows what its
 * failure will stop); any other result is returned as it is.
 */
export function asBlocker<Result extends Pick<TestResult, 'labels'>>(
  result: Result,
  blockers: ReadonlySet<string>,
): Result {
  const rule = labelOf(result, 'rule');
  if (!rule || !blockers.has(rule)) return result;
  const labels = (result.labels ?? []).filter((label) => label.name !== 'severity');
  return { ...result, labels: [...labels, { name: 'severity', value: blocker }] };
}
