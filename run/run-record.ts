import type { PreflightReport } from '../client/family-session.ts';
import { AllureRunResults } from '../reporting/allure-run-results.ts';
import { handTo, type ReportSink } from '../reporting/report-sink.ts';
import { type RunFindings, runReportSinks } from '../reporting/run-report-sinks.ts';
import { buildRunSummary, type RunSummary } from '../reporting/run-summary.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import type { RunPlan } from './run-plan.ts';
import type { RunStop } from './run-stop.ts';
import type { SuiteResults } from './suite-runner.ts';
import { runEnvironment } from './run-environment.ts';

/** Snapshots of summary.json and junit.xml are written at most this often while rules finish. */
const snapshotIntervalMs = 1000;

/**
 * What a run has found so far and the reports that say it. summary.json and junit.xml are rewritten as rules
 * finish (at most once a second), so a run killed outright still leaves valid reports; `finish` writes the last.
 */
export class RunRecord {
  preflight: PreflightReport[] = [];
  outcomes: readonly RuleOutcome[] = [];
  errors: string[] = [];
  setAside: readonly string[] = [];
  /** The rules' Allure results, held until the run ended (its sink writes them then). */
  readonly allure = new AllureRunResults();
  /** The started target's latest output lines, attached to the reports when a rule failed. */
  targetOutput: () => string[] = () => [];
  readonly #sinks: ReportSink<RunFindings>[];
  #snapshotTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly plan: RunPlan,
    private readonly stop: RunStop,
  ) {
    const statements = new Map(plan.selectedRules.map((rule) => [rule.id, rule.statement]));
    this.#sinks = runReportSinks(plan.paths, (ruleId) => statements.get(ruleId) ?? '', this.allure);
  }

  /** Takes the suites' results as they stand: the rules' outcomes, the errors outside them, the tests set aside. */
  take(results: SuiteResults): void {
    ({ outcomes: this.outcomes, errors: this.errors, setAside: this.setAside } = results);
  }

  summary(inProgress: boolean): RunSummary {
    const { plan } = this;
    return buildRunSummary({
      target: plan.target.name,
      targetsFile: plan.file.path,
      families: plan.selected.map((family) => family.name),
      seed: plan.seed,
      runs: plan.runs,
      startedAt: plan.startedAt,
      ...(this.stop.reason ? { stoppedBy: this.stop.reason } : {}),
      inProgress,
      preflight: this.preflight,
      selectedRules: plan.selectedRules.map((rule) => rule.id),
      outcomes: this.outcomes,
      errors: this.errors,
      replayWith: plan.replayWith,
      setAside: this.setAside,
    });
  }

  /** Hands the summary as it stands to the run's report sinks (reporting/run-report-sinks.ts). */
  write(summary: RunSummary, ended?: RunFindings['ended']): void {
    const { requestedAt } = this.stop;
    handTo(this.#sinks, {
      summary,
      ...(requestedAt !== undefined ? { stopRequestedAt: requestedAt } : {}),
      ...(ended ? { ended } : {}),
    });
  }

  /** A snapshot of the run in progress is written within a second, however many rules finish meanwhile. */
  snapshotSoon(): void {
    this.#snapshotTimer ??= setTimeout(() => {
      this.#snapshotTimer = undefined;
      this.write(this.summary(true));
    }, snapshotIntervalMs);
  }

  stopSnapshots(): void {
    if (this.#snapshotTimer) clearTimeout(this.#snapshotTimer);
    this.#snapshotTimer = undefined;
  }

  /** The final summary, written, with what the reports add to it (blockers, the environment, the target's output). */
  finish(): RunSummary {
    const { plan } = this;
    const summary = this.summary(false);
    const environment = runEnvironment(
      {
        target: plan.target.name,
        entry: plan.target.entry,
        families: summary.families,
        seed: plan.seed,
        runs: plan.runs,
      },
      process.env,
    );
    this.write(summary, { environment, targetName: plan.target.name, targetOutput: this.targetOutput() });
    return summary;
  }
}
