import type { PreflightReport } from '../families/family.ts';
import type { RuleOutcome, RuleStatus } from '../suites/support/rule-outcome.ts';

/** One rule's verdict over every test that judged it. */
export interface RuleSummary extends RuleOutcome {
  tests: number;
}

/** reports/summary.json: machine-readable verdict of one run. */
export interface RunSummary {
  target: string;
  /** The targets file the target came from. */
  targetsFile: string;
  /** The interface families judged. */
  families: string[];
  seed: number;
  runs: number;
  startedAt: string;
  durationMs: number;
  /** The run was stopped by SIGINT or SIGTERM before it finished: what is missing is listed as not run. */
  interrupted: boolean;
  /** What the preflight found per family (reachable, authenticated, server header, latency). */
  preflight: PreflightReport[];
  /** HTTP exchanges the suites made with the target. */
  exchanges: number;
  verdict: 'conformant' | 'nonconformant' | 'error';
  counts: Record<RuleStatus | 'not-run', number>;
  rules: RuleSummary[];
  /** Rules of the selected families that no test judged: a gap in the harness, or an interrupted run. */
  notRun: string[];
  /** Errors outside any test (a crashed suite file, a worker failure). */
  errors: string[];
}

const severity: Record<RuleStatus, number> = { failed: 4, broken: 3, passed: 2, waived: 1, 'not-applicable': 0 };

/** Several tests may judge one rule: the worst verdict wins, evidence of the first failure is kept. */
export function mergeOutcomes(outcomes: readonly RuleOutcome[]): RuleSummary[] {
  const byRule = new Map<string, RuleSummary>();
  for (const outcome of outcomes) {
    const current = byRule.get(outcome.ruleId);
    if (!current) {
      byRule.set(outcome.ruleId, { ...outcome, tests: 1 });
      continue;
    }
    const observations = { ...current.observations, ...outcome.observations };
    const worse = severity[outcome.status] > severity[current.status] ? outcome : current;
    const exchanges = (current.exchanges ?? 0) + (outcome.exchanges ?? 0);
    byRule.set(outcome.ruleId, { ...worse, tests: current.tests + 1, exchanges, ...(Object.keys(observations).length ? { observations } : {}) });
  }
  return [...byRule.values()];
}

/** Exit-code meaning: an interrupted run is unfinished (error); any failure is nonconformant; a broken check or a gap is a harness error. */
export function verdictOf(rules: readonly RuleSummary[], notRun: readonly string[], errors: readonly string[], interrupted = false): RunSummary['verdict'] {
  if (interrupted) return 'error';
  if (rules.some((rule) => rule.status === 'failed')) return 'nonconformant';
  if (rules.some((rule) => rule.status === 'broken') || notRun.length > 0 || errors.length > 0) return 'error';
  return 'conformant';
}

export function countStatuses(rules: readonly RuleSummary[], notRun: readonly string[]): RunSummary['counts'] {
  const counts: RunSummary['counts'] = { passed: 0, failed: 0, broken: 0, waived: 0, 'not-applicable': 0, 'not-run': notRun.length };
  for (const rule of rules) counts[rule.status]++;
  return counts;
}
