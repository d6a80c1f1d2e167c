import { withRootBlockers } from '../engine/root-blockers.ts';
import type { PreflightReport } from '../client/family-session.ts';
import type { ReplaySettings } from '../engine/failure-text.ts';
import type { RuleOutcome, RuleStatus } from '../rules/rule-outcome.ts';
import { ruleStrength, type Severity, severityOf } from '../rules/rule-severity.ts';

/** One rule's verdict over every test that judged it. */
export interface RuleSummary extends RuleOutcome {
  tests: number;
  /**
   * From the rule's normative strength (rules/rule-severity.ts): critical, blocker when its failure blocked other
   * rules. Set in every summary `buildRunSummary` makes.
   */
  severity?: Severity;
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
  /**
   * The run was stopped (SIGINT, SIGTERM, or its deadline) before it finished: what is missing is listed as not run.
   */
  interrupted: boolean;
  /** What stopped it, when something did. */
  stoppedBy?: StopReason;
  /** A snapshot written while the run goes on (a killed run leaves this one); false in the final summary. */
  inProgress: boolean;
  /** What the preflight found per family (reachable, authenticated, server header, latency). */
  preflight: PreflightReport[];
  /** HTTP exchanges the suites made with the target. */
  exchanges: number;
  verdict: 'conformant' | 'nonconformant' | 'error';
  counts: Record<RuleStatus | 'not-run', number>;
  rules: RuleSummary[];
  /**
   * The failed (and broken) rules first, each with the blocked rules that name it, then blocked rules whose
   * blockers did not fail in this run: one fault reads as one root with what it kept from being judged.
   */
  rootCauses: RootCause[];
  /** Rules of the selected families that no test judged: a gap in the harness, or an interrupted run. */
  notRun: string[];
  /**
   * Why the rules of `notRun` were not run (`notRunReason`), when there are any: "the run was interrupted (SIGINT)",
   * its deadline...
   */
  notRunReason?: string;
  /**
   * Rules of `notRun` whose test was still running when the run was stopped: what the wind-down made of
   * them (a cancelled test, a closed client) is no verdict on the target. Present when there are any.
   */
  interruptedRules?: string[];
  /** Errors outside any test (a crashed suite file, a worker failure). */
  errors: string[];
  /**
   * How a failure's replay line restarts the harness and the target (absent: `npx harness`, no reports folder of its
   * own).
   */
  replayWith?: ReplayInvocation;
}

/** The parts of a replay line that come from how the run was started, not from the rule. */
export type ReplayInvocation = Pick<ReplaySettings, 'harness' | 'replayReports' | 'startedTarget' | 'startedIn'>;

/** What every replay line of a summary is made with. */
export function replaySettingsOf(
  summary: Pick<RunSummary, 'targetsFile' | 'target' | 'seed' | 'runs' | 'replayWith'>,
): ReplaySettings {
  return {
    targetsFile: summary.targetsFile,
    targetName: summary.target,
    seed: summary.seed,
    runs: summary.runs,
    ...summary.replayWith,
  };
}

/**
 * A failed or broken rule and the rules it blocked; or, with status `blocked`, a rule blocked by rules that did not
 * fail here.
 */
export interface RootCause {
  ruleId: string;
  status: RuleStatus;
  /** The rules blocked by this one. */
  blocked: string[];
}

/** A signal, or the run's deadline (`--max-time`, the target entry's `maxTimeMs`). */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'max-time';

/** Why the rules listed as not run were not. */
export function notRunReason(summary: Pick<RunSummary, 'stoppedBy' | 'inProgress' | 'preflight'>): string {
  const refused = summary.preflight.filter((report) => report.problem !== undefined).map((report) => report.family);
  if (refused.length) return `the preflight failed (${refused.join(', ')}): no rule was judged`;
  if (summary.inProgress) return 'still running when this snapshot was written';
  if (summary.stoppedBy === 'max-time') return 'the run reached its deadline (--max-time)';
  if (summary.stoppedBy) return `the run was interrupted (${summary.stoppedBy})`;
  return 'no test judged this rule';
}

/** What a summary is made of; the rest is derived. */
export interface SummaryParts {
  target: string;
  targetsFile: string;
  families: string[];
  seed: number;
  runs: number;
  startedAt: Date;
  stoppedBy?: StopReason;
  inProgress: boolean;
  preflight: PreflightReport[];
  /** The rule ids the run set out to judge. */
  selectedRules: readonly string[];
  outcomes: readonly RuleOutcome[];
  errors: string[];
  replayWith?: ReplayInvocation;
  /** Rules whose test ended after the stop was requested: not run (their outcome is not among `outcomes`). */
  setAside?: readonly string[];
}

export function buildRunSummary(parts: SummaryParts): RunSummary {
  const rules = withSeverities(withRootBlockers(mergeOutcomes(parts.outcomes)));
  const notRun = parts.selectedRules.filter((id) => !rules.some((rule) => rule.ruleId === id));
  const interrupted = parts.stoppedBy !== undefined;
  const interruptedRules = [...new Set(parts.setAside ?? [])].filter((id) => notRun.includes(id));
  return {
    target: parts.target,
    targetsFile: parts.targetsFile,
    families: parts.families,
    seed: parts.seed,
    runs: parts.runs,
    startedAt: parts.startedAt.toISOString(),
    durationMs: Date.now() - parts.startedAt.getTime(),
    interrupted,
    ...(parts.stoppedBy ? { stoppedBy: parts.stoppedBy } : {}),
    inProgress: parts.inProgress,
    preflight: parts.preflight,
    exchanges: rules.reduce((total, rule) => total + (rule.exchanges ?? 0), 0),
    verdict: verdictOf(rules, notRun, parts.errors, parts.stoppedBy),
    counts: countStatuses(rules, notRun),
    rules,
    rootCauses: rootCausesOf(rules),
    notRun,
    ...(notRun.length ? { notRunReason: notRunReason(parts) } : {}),
    ...(interruptedRules.length ? { interruptedRules } : {}),
    errors: parts.errors,
    ...(parts.replayWith ? { replayWith: parts.replayWith } : {}),
  };
}

const severity: Record<RuleStatus, number> = {
  failed: 5,
  broken: 4,
  blocked: 3,
  passed: 2,
  waived: 1,
  'not-applicable': 0,
};

/** Each rule's severity: a failed rule that other rules name as their blocker is a blocker, every other critical. */
function withSeverities(rules: readonly RuleSummary[]): RuleSummary[] {
  const blockers = new Set(rules.flatMap((rule) => (rule.status === 'blocked' ? (rule.blockedBy ?? []) : [])));
  return rules.map((rule) => ({
    ...rule,
    severity: severityOf(ruleStrength, rule.status === 'failed' && blockers.has(rule.ruleId)),
  }));
}

/** Of two outcomes of one rule, the one whose verdict wins: the worse, and the earlier of two equally bad. */
export function worseOutcome<T extends Pick<RuleOutcome, 'status'>>(earlier: T, later: T): T {
  return severity[later.status] > severity[earlier.status] ? later : earlier;
}

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
    const worse = worseOutcome(current, outcome);
    const exchanges = (current.exchanges ?? 0) + (outcome.exchanges ?? 0);
    const durationMs = (current.durationMs ?? 0) + (outcome.durationMs ?? 0);
    byRule.set(outcome.ruleId, {
      ...worse,
      tests: current.tests + 1,
      exchanges,
      durationMs,
      ...(Object.keys(observations).length ? { observations } : {}),
    });
  }
  return [...byRule.values()];
}

/** Statuses that say something about the target: waived, not applicable and not run rules were not judged. */
const judgedStatuses: ReadonlySet<RuleStatus> = new Set(['passed', 'failed', 'blocked', 'broken']);

/** How many rules a test judged (passed, failed, blocked or broken). */
export function judgedCount(rules: readonly RuleSummary[]): number {
  return rules.filter((rule) => judgedStatuses.has(rule.status)).length;
}

/**
 * Exit-code meaning: a run stopped by a signal is unfinished (error); any failure is nonconformant, also when
 * the deadline cut the run (what failed has failed); a broken check or a gap is a harness error, and so is a
 * run that judged no rule (never a pass the target did not earn).
 */
export function verdictOf(
  rules: readonly RuleSummary[],
  notRun: readonly string[],
  errors: readonly string[],
  stoppedBy?: StopReason,
): RunSummary['verdict'] {
  if (stoppedBy !== undefined && stoppedBy !== 'max-time') return 'error';
  if (rules.some((rule) => rule.status === 'failed')) return 'nonconformant';
  if (
    rules.some((rule) => rule.status === 'broken') ||
    notRun.length > 0 ||
    errors.length > 0 ||
    judgedCount(rules) === 0
  )
    return 'error';
  // The target kept rules from being judged: not a verdict of conformance.
  if (rules.some((rule) => rule.status === 'blocked')) return 'nonconformant';
  return 'conformant';
}

export function countStatuses(rules: readonly RuleSummary[], notRun: readonly string[]): RunSummary['counts'] {
  const counts: RunSummary['counts'] = {
    passed: 0,
    failed: 0,
    blocked: 0,
    broken: 0,
    waived: 0,
    'not-applicable': 0,
    'not-run': notRun.length,
  };
  for (const rule of rules) counts[rule.status]++;
  return counts;
}

/** Failed and broken rules with the blocked rules folded under them; blocked rules without a failed blocker last. */
export function rootCausesOf(rules: readonly RuleSummary[]): RootCause[] {
  const roots = rules.filter((rule) => rule.status === 'failed' || rule.status === 'broken');
  const rootIds = new Set(roots.map((rule) => rule.ruleId));
  const blocked = rules.filter((rule) => rule.status === 'blocked');
  const causes = roots.map((root) => ({
    ruleId: root.ruleId,
    status: root.status,
    blocked: blocked.filter((rule) => rule.blockedBy?.includes(root.ruleId)).map((rule) => rule.ruleId),
  }));
  const orphans = blocked.filter((rule) => !(rule.blockedBy ?? []).some((id) => rootIds.has(id)));
  return [...causes, ...orphans.map((rule) => ({ ruleId: rule.ruleId, status: rule.status, blocked: [] }))];
}
