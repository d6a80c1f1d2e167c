import { RunPace } from '../client/run-pace.ts';
import type { RunProgress } from '../reporting/live-line.ts';
import type { RunContext } from '../engine/run-context.ts';
import { dirname, join, resolve } from 'node:path';
import { openBrokeredSessions, preflightError } from './family-sessions.ts';
import { baseUrlMistake } from './entry-mistakes.ts';
import type { RunPlan } from './run-plan.ts';
import type { RunRecord } from './run-record.ts';
import type { RunStop } from './run-stop.ts';
import { SuiteRunner } from './suite-runner.ts';

/** How long a stopped run waits for the tests in progress before it writes what it has. */
const stopGraceMs = 3000;
/** The same after a signal: short, so the whole wind-down fits well inside the hard deadline (run-stop.ts). */
const signalGraceMs = 1500;

/** A run in progress: its plan, its record, what stops it, and who is told. */
export interface RunUnderWay {
  plan: RunPlan;
  record: RunRecord;
  stop: RunStop;
  say: (line: string) => void;
  live?: RunProgress;
  /** Suite files run in parallel in at most this many workers. Default: vitest's. */
  workers?: number;
  /** Only the tests of these rule ids. */
  rules?: string[];
}

/**
 * Judges the started target: opens one session per family and preflights each (a failed preflight is reported per
 * family, then thrown), then runs the suites until they end or the run is stopped. Nothing starts once a stop is
 * requested.
 */
export async function judgeTarget(run: RunUnderWay): Promise<void> {
  const { plan, record, stop } = run;
  if (stop.reason) return;
  // The run's pace: the share of the deadline each rule may take (client/run-pace.ts).
  const pace = new RunPace(plan.selectedRules.length, deadlineOf(plan));
  const sessions = await openBrokeredSessions(plan.target, plan.selected, pace.methods);
  record.preflight = sessions.reports;
  try {
    // A stop requested meanwhile ends the check: the run winds down as it would have.
    const problem =
      preflightError(plan.target.name, sessions.reports) ??
      (await Promise.race([
        baseUrlMistake(plan.target, plan.selected, sessions.reports),
        stop.requested.then(() => undefined),
      ]));
    if (problem) {
      // A CI test view is never empty: the preflight's failure is reported per family before the exit 2.
      record.write(record.summary(false));
      throw problem;
    }
    if (stop.reason) return;
    const runner = await startRunner(run, pace);
    try {
      await runSuites(run, runner, sessions.broker);
    } finally {
      await runner.close();
      // Tests that ended while vitest closed are set aside too (the collector's lists are the live ones).
      record.take(runner.results());
    }
  } finally {
    await sessions.close();
  }
}

const deadlineOf = (plan: RunPlan) => plan.startedAt.getTime() + plan.maxTimeMs;

/** The suite runner of the run's families, telling the pace, the live line and the record as each rule ends. */
async function startRunner({ plan, record, live, workers }: RunUnderWay, pace: RunPace): Promise<SuiteRunner> {
  const runner: SuiteRunner = await SuiteRunner.create({
    families: plan.selected,
    reports: { allure: record.allure },
    cacheDir: join(plan.paths.root, '.vite'),
    ...(workers ? { maxWorkers: workers } : {}),
    listener: {
      ruleStarted: (ruleId) => live?.ruleStarted(ruleId),
      outcome: (outcome) => {
        pace.ruleEnded(outcome.ruleId);
        live?.ruleFinished(outcome);
        record.take(runner.results());
        record.snapshotSoon();
      },
    },
  });
  pace.workers = runner.workers;
  return runner;
}

/**
 * Runs the selected suites until they end, or until the run is stopped: then the tests in progress are cancelled
 * and given a short grace, and what ended is taken as it stands.
 */
async function runSuites(run: RunUnderWay, runner: SuiteRunner, broker: RunContext['broker']): Promise<void> {
  const { plan, record, stop, say } = run;
  const context: RunContext = {
    targetName: plan.target.name,
    targetsFile: plan.file.path,
    target: plan.target.entry,
    seed: plan.seed,
    runs: plan.runs,
    ...(plan.sequences === undefined ? {} : { sequences: plan.sequences }),
    strictPrerequisites: plan.strictPrerequisites,
    broker,
    deadlineAt: deadlineOf(plan),
    counterexamples: {
      dir: plan.target.entry.counterexamples
        ? resolve(dirname(plan.file.path), plan.target.entry.counterexamples)
        : join(plan.paths.root, 'counterexamples'),
      target: plan.target.name,
    },
    ...plan.replayWith,
  };
  // A signal that came while vitest started: nothing is run.
  if (stop.reason) return;
  say('running the suites');
  const suites = runner.run(context, {
    families: plan.selected.map((family) => family.name),
    ...(run.rules?.length ? { rules: run.rules } : {}),
  });
  const stopped = stop.requested.then(async (reason) => {
    if (reason === 'max-time')
      say(
        `harness: the run reached its deadline (${Math.round(plan.maxTimeMs / 1000)} s): stopping; what has not finished is reported as not run`,
      );
    await runner.cancel(stop.requestedAt);
    await Promise.race([
      suites,
      new Promise((resolve) => setTimeout(resolve, reason === 'max-time' ? stopGraceMs : signalGraceMs)),
    ]);
    return runner.results();
  });
  record.take(await Promise.race([suites, stopped]));
}
