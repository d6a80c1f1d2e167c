import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PreflightReport } from '../client/family-session.ts';
import type { RunProgress } from '../reporting/live-line.ts';
import { renderSummary } from '../reporting/print-summary.ts';
import { writeAllureEnvironment } from '../reporting/allure-environment.ts';
import { writeSummaryFiles } from '../reporting/report-files.ts';
import { attachTargetOutput } from '../reporting/target-output.ts';
import { markInterruptedAllureResults } from '../reporting/allure-interrupted.ts';
import { markBlockersInAllureResults } from '../reporting/allure-blockers.ts';
import { buildRunSummary, notRunReason, type RunSummary, type StopReason } from '../reporting/run-summary.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import type { RunContext } from '../suites/support/run-context.ts';
import { launchTarget } from '../targets/launch-target.ts';
import { resolveTarget } from '../families/resolve-target.ts';
import { readTargetsFile } from '../targets/load-targets.ts';
import { openBrokeredSessions, preflightError } from './family-sessions.ts';
import { RunPace } from '../client/run-pace.ts';
import { listenForInterruption } from './interrupt.ts';
import { reportsPaths } from './paths.ts';
import { replayInvocation } from './replay-invocation.ts';
import { runEnvironment } from './run-environment.ts';
import { declaredFamilies, ensureBundledReferenceCredentials, selectFamilies, selectRules } from './select-families.ts';
import { SuiteRunner } from './suite-runner.ts';

export interface RunOptions {
  targetsFile: string;
  target?: string;
  /** Interface families to judge. Default: every family the target declares. */
  suites?: string[];
  /** Default: a random seed, printed. */
  seed?: number;
  /** Random cases per property. Default 100. */
  runs: number;
  /** Only the tests of these rule ids. */
  rules?: string[];
  reportsDir: string;
  /** Suite files run in parallel in at most this many workers. Default: vitest's. */
  workers?: number;
  /**
   * The run's deadline in ms; what has not finished then is reported as not run. Default: the target entry's
   * `maxTimeMs`, else 10 minutes.
   */
  maxTimeMs?: number;
  /** Called with one-line progress messages. Default: nothing. */
  progress?: (line: string) => void;
  /** Told as rules start and finish (the live line). Default: nothing. */
  live?: RunProgress;
}

/** How long a stopped run waits for the tests in progress before it writes what it has. */
const stopGraceMs = 3000;
/** The same after a signal: short, so the whole wind-down fits well inside the hard deadline below. */
const signalGraceMs = 1500;
/**
 * After SIGINT or SIGTERM the process exits 2 within this long whatever workers, target or sockets do (workers killed).
 */
export const interruptDeadlineMs = 3500;
/** Snapshots of summary.json and junit.xml are written at most this often while rules finish. */
const snapshotIntervalMs = 1000;
export const defaultMaxTimeMs = 10 * 60_000;

/**
 * Runs the suites against a target and returns the summary: starts a `command` target, preflights each
 * family (one session and one token per family for the whole run), runs the suites, stops what it started.
 * SIGINT, SIGTERM or the deadline stop the run: the summary is written, marked stopped. summary.json and
 * junit.xml are rewritten as rules finish, so a run killed outright still leaves valid reports.
 */
export async function runHarness(options: RunOptions): Promise<RunSummary> {
  const say = options.progress ?? (() => {});
  const live = options.live;
  const file = readTargetsFile(options.targetsFile);
  ensureBundledReferenceCredentials(process.env, file);
  const target = await resolveTarget(file, options.target, process.env, options.suites);
  const selected = selectFamilies(target, options.suites);
  // Before anything is removed, started or requested: a selection of no rule is the user's mistake, not a verdict.
  const selectedRules = selectRules(
    { selected, target: { name: target.name, declared: declaredFamilies(target) } },
    options.rules,
  );
  const seed = options.seed ?? randomInt(2 ** 31);
  const paths = reportsPaths(options.reportsDir);
  // A stale report must never be read as this run's.
  for (const stale of [paths.allureResults, paths.summary, paths.summaryMarkdown, paths.junit, paths.targetOutput])
    rmSync(stale, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  const startedAt = new Date();
  const maxTimeMs = options.maxTimeMs ?? target.entry.maxTimeMs ?? defaultMaxTimeMs;
  const stop = stopSignals(maxTimeMs);
  const statements = new Map(selectedRules.map((rule) => [rule.id, rule.statement]));
  const replayWith = replayInvocation(target, options.reportsDir);
  let preflight: PreflightReport[] = [];
  let outcomes: readonly RuleOutcome[] = [];
  let errors: string[] = [];
  let setAside: readonly string[] = [];
  const summaryNow = (inProgress: boolean): RunSummary =>
    buildRunSummary({
      target: target.name,
      targetsFile: file.path,
      families: selected.map((family) => family.name),
      seed,
      runs: options.runs,
      startedAt,
      ...(stop.reason ? { stoppedBy: stop.reason } : {}),
      inProgress,
      preflight,
      selectedRules: selectedRules.map((rule) => rule.id),
      outcomes,
      errors,
      replayWith,
      setAside,
    });
  const write = (summary: RunSummary) => {
    writeSummaryFiles(paths, summary, (ruleId) => statements.get(ruleId) ?? '');
    // Allure says what summary.json says: a test that ended while the run was stopping is not run.
    if (stop.requestedAt !== undefined && !summary.inProgress)
      markInterruptedAllureResults(paths.allureResults, stop.requestedAt, notRunReason(summary));
  };
  const snapshots = throttled(snapshotIntervalMs, () => write(summaryNow(true)));
  // A forced exit (second signal, hard deadline) still leaves the summary of what finished, marked interrupted.
  stop.beforeForcedExit(() => {
    snapshots.cancel();
    live?.stop();
    const summary = summaryNow(false);
    write(summary);
    say(renderSummary(summary));
  });
  let targetOutput: () => string[] = () => [];
  try {
    say(
      `harness run: target ${target.name}, families ${selected.map((family) => family.name).join(', ')}, seed ${seed}, deadline ${Math.round(maxTimeMs / 1000)} s`,
    );
    const launched = await launchTarget(target, process.env, stop.abandonStart).catch(async (error: unknown) => {
      // A signal to the whole process group reaches the target too, which may die of it before this process's
      // own listener has run: a start cut short by SIGINT or SIGTERM waits a moment for the run's own signal.
      if (!stop.reason && /exited \(SIG(INT|TERM)\)/.test(String((error as Error).message)))
        await Promise.race([stop.requested, new Promise((resolve) => setTimeout(resolve, 1000))]);
      // A start given up because the run was interrupted is the interruption, not a target that failed to start.
      if (stop.reason && stop.reason !== 'max-time') return undefined;
      throw error;
    });
    if (!launched) return finish();
    stop.beforeForcedExit(() => launched.kill());
    targetOutput = () => launched.recentOutput();
    if (launched.pid !== undefined) say(`target ${target.name} started (pid ${launched.pid})`);
    if (launched.containerId !== undefined)
      say(`target ${target.name} started (container ${launched.containerId.slice(0, 12)})`);
    try {
      await judge();
    } finally {
      await launched.stop();
    }
  } finally {
    snapshots.cancel();
    live?.stop();
    stop.dispose();
  }

  async function judge(): Promise<void> {
    if (stop.reason) return;
    // The run's pace: the share of the deadline each rule may take (client/run-pace.ts).
    const pace = new RunPace(selectedRules.length, startedAt.getTime() + maxTimeMs);
    const sessions = await openBrokeredSessions(target, selected, pace.methods);
    preflight = sessions.reports;
    try {
      const problem = preflightError(target.name, sessions.reports);
      if (problem) {
        // A CI test view is never empty: the preflight's failure is reported per family before the exit 2.
        write(summaryNow(false));
        throw problem;
      }
      if (stop.reason) return;
      const runner = await SuiteRunner.create({
        families: selected,
        reports: { allureResults: paths.allureResults },
        cacheDir: join(paths.root, '.vite'),
        ...(options.workers ? { maxWorkers: options.workers } : {}),
        listener: {
          ruleStarted: (ruleId) => live?.ruleStarted(ruleId),
          outcome: (outcome) => {
            pace.ruleEnded(outcome.ruleId);
            live?.ruleFinished(outcome);
            ({ outcomes, setAside } = runner.results());
            snapshots.request();
          },
        },
      });
      pace.workers = runner.workers;
      try {
        const context: RunContext = {
          targetName: target.name,
          targetsFile: file.path,
          target: target.entry,
          seed,
          runs: options.runs,
          broker: sessions.broker,
          deadlineAt: startedAt.getTime() + maxTimeMs,
          ...replayWith,
        };
        // A signal that came while vitest started: nothing is run.
        if (stop.reason) return;
        say('running the suites');
        const run = runner.run(context, {
          families: selected.map((family) => family.name),
          ...(options.rules?.length ? { rules: options.rules } : {}),
        });
        const stopped = stop.requested.then(async (reason) => {
          if (reason === 'max-time')
            say(
              `harness: the run reached its deadline (${Math.round(maxTimeMs / 1000)} s): stopping; what has not finished is reported as not run`,
            );
          await runner.cancel(stop.requestedAt);
          await Promise.race([
            run,
            new Promise((resolve) => setTimeout(resolve, reason === 'max-time' ? stopGraceMs : signalGraceMs)),
          ]);
          return runner.results();
        });
        ({ outcomes, errors, setAside } = await Promise.race([run, stopped]));
      } finally {
        await runner.close();
        // Tests that ended while vitest closed are set aside too (the collector's lists are the live ones).
        ({ outcomes, errors, setAside } = runner.results());
      }
    } finally {
      await sessions.close();
    }
  }

  return finish();

  /** The final summary, written. */
  function finish(): RunSummary {
    const summary = summaryNow(false);
    write(summary);
    markBlockersInAllureResults(paths.allureResults, summary);
    writeAllureEnvironment(
      paths.allureResults,
      runEnvironment(
        { target: target.name, entry: target.entry, families: summary.families, seed, runs: options.runs },
        process.env,
      ),
    );
    if (summary.counts.failed + summary.counts.broken > 0) attachTargetOutput(paths, targetOutput(), target.name);
    return summary;
  }
}

/** A signal or the deadline, whichever comes first. */
function stopSignals(maxTimeMs: number) {
  const interruption = listenForInterruption({ hardDeadlineMs: interruptDeadlineMs });
  let deadlineReached = false;
  let reached: () => void = () => {};
  const deadline = new Promise<'max-time'>((resolve) => (reached = () => resolve('max-time')));
  const timer = setTimeout(() => {
    deadlineReached = true;
    reached();
  }, maxTimeMs);
  timer.unref();
  const requested = Promise.race([
    interruption.arrived.then((signal): StopReason => (signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM')),
    deadline,
  ]);
  // When the stop was asked for: a test that ends from then on was judged by the wind-down, not by the target.
  let requestedAt: number | undefined;
  void requested.then(() => (requestedAt ??= Date.now()));
  // A target still starting when a stop is requested is given up (and removed) rather than awaited.
  const startAbandoned = new AbortController();
  void requested.then(() => startAbandoned.abort());
  return {
    get reason(): StopReason | undefined {
      return interruption.signal === 'SIGINT' || interruption.signal === 'SIGTERM'
        ? interruption.signal
        : deadlineReached
          ? 'max-time'
          : undefined;
    },
    requested,
    get requestedAt() {
      return requestedAt;
    },
    abandonStart: startAbandoned.signal,
    beforeForcedExit: (work: () => void) => interruption.beforeForcedExit(work),
    dispose() {
      clearTimeout(timer);
      interruption.dispose();
    },
  };
}

/** Runs `work` at most once per `intervalMs` however often it is requested, the last request included. */
function throttled(intervalMs: number, work: () => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = undefined;
        work();
      }, intervalMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
