import type { RunProgress } from '../reporting/live-line.ts';
import { renderSummary } from '../reporting/print-summary.ts';
import type { RunSummary } from '../reporting/run-summary.ts';
import { judgeTarget } from '../run/run-judge.ts';
import { planRun, type RunAsked, type RunPlan } from '../run/run-plan.ts';
import { RunRecord } from '../run/run-record.ts';
import { type RunStop, stopSignals } from '../run/run-stop.ts';
import { launchLoaded } from '../run/target-stage.ts';

/** What a run is asked (run-plan.ts), how many workers it may use, and who hears of its progress. */
export interface RunOptions extends RunAsked {
  /** Suite files run in parallel in at most this many workers. Default: vitest's. */
  workers?: number;
  /** Called with one-line progress messages. Default: nothing. */
  progress?: (line: string) => void;
  /** Told as rules start and finish (the live line). Default: nothing. */
  live?: RunProgress;
}

/**
 * Runs the suites against a target and returns the summary: starts a `command` target, preflights each
 * family (one session and one token per family for the whole run), runs the suites, stops what it started.
 * SIGINT, SIGTERM or the deadline stop the run: the summary is written, marked stopped. summary.json and
 * junit.xml are rewritten as rules finish, so a run killed outright still leaves valid reports.
 */
export async function runHarness(options: RunOptions): Promise<RunSummary> {
  const say = options.progress ?? (() => {});
  const { live } = options;
  const plan = await planRun(options);
  const stop = stopSignals(plan.maxTimeMs);
  const record = new RunRecord(plan, stop);
  // A forced exit (second signal, hard deadline) still leaves the reports of what finished, marked interrupted.
  stop.beforeForcedExit(() => {
    record.stopSnapshots();
    live?.stop();
    say(renderSummary(record.finish()));
  });
  try {
    say(
      `harness run: target ${plan.target.name}, families ${plan.selected.map((family) => family.name).join(', ')}, seed ${plan.seed}, deadline ${Math.round(plan.maxTimeMs / 1000)} s`,
    );
    const launched = await startTarget(plan, options.suites, stop);
    if (!launched) return record.finish();
    stop.beforeForcedExit(() => launched.kill());
    record.targetOutput = () => launched.recentOutput();
    if (launched.pid !== undefined) say(`target ${plan.target.name} started (pid ${launched.pid})`);
    if (launched.containerId !== undefined)
      say(`target ${plan.target.name} started (container ${launched.containerId.slice(0, 12)})`);
    try {
      await judgeTarget({
        plan,
        record,
        stop,
        say,
        ...(live ? { live } : {}),
        ...(options.workers ? { workers: options.workers } : {}),
        ...(options.rules ? { rules: options.rules } : {}),
      });
    } finally {
      await launched.stop();
    }
  } finally {
    record.stopSnapshots();
    live?.stop();
    stop.dispose();
  }
  return record.finish();
}

/**
 * Starts the target the entry names (a command or a container; nothing for a URL). A start given up because the run
 * was interrupted is the interruption (undefined), not a target that failed to start.
 */
async function startTarget(plan: RunPlan, onlyFamilies: readonly string[] | undefined, stop: RunStop) {
  const loaded = { file: plan.file, target: plan.target, ...(onlyFamilies ? { onlyFamilies } : {}) };
  const started = launchLoaded(loaded, stop.abandonStart).then(({ target, launched }) => {
    // Started on another port than planned (the planned one was taken): the run judges the entry it started.
    plan.target = target;
    return launched;
  });
  return started.catch(async (error: unknown) => {
    // A signal to the whole process group reaches the target too, which may die of it before this process's
    // own listener has run: a start cut short by SIGINT or SIGTERM waits a moment for the run's own signal.
    if (!stop.reason && /exited \(SIG(INT|TERM)\)/.test(String((error as Error).message)))
      await Promise.race([stop.requested, new Promise((resolve) => setTimeout(resolve, 1000))]);
    if (stop.reason && stop.reason !== 'max-time') return undefined;
    throw error;
  });
}
