import { buildRunSummary, type RunSummary, type SummaryParts } from '../../reporting/run-summary.ts';
import type { RuleOutcome, RuleStatus } from '../../rules/rule-outcome.ts';

/** A rule's outcome for a reporting test: its family read from the id. */
export function outcomeOf(ruleId: string, status: RuleStatus, extra: Partial<RuleOutcome> = {}): RuleOutcome {
  return { ruleId, family: ruleId.split('.')[0] ?? '', status, section: 'Billing > Endpoints', ...extra };
}

/**
 * The summary of a finished billing run on target "staging" (seed 7, 5 runs) that judged nothing: override what the
 * test is about.
 */
export function summaryWith(overrides: Partial<SummaryParts>): RunSummary {
  return buildRunSummary({
    target: 'staging',
    targetsFile: '/work/targets.json',
    families: ['billing'],
    seed: 7,
    runs: 5,
    startedAt: new Date(),
    inProgress: false,
    preflight: [],
    selectedRules: [],
    outcomes: [],
    errors: [],
    ...overrides,
  });
}
