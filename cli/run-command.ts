import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreflightReport } from '../families/family.ts';
import { countStatuses, mergeOutcomes, type RunSummary, verdictOf } from '../reporting/run-summary.ts';
import type { RunContext } from '../suites/support/run-context.ts';
import { launchTarget } from '../targets/launch-target.ts';
import { readTargetsFile, resolveTarget } from '../targets/load-targets.ts';
import { openBrokeredSessions, preflightError } from './family-sessions.ts';
import { listenForInterruption } from './interrupt.ts';
import { reportsPaths } from './paths.ts';
import { ensureReferenceCredentials, selectFamilies } from './select-families.ts';
import { SuiteRunner, type SuiteResults } from './suite-runner.ts';

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
  /** Called with one-line progress messages. Default: nothing. */
  progress?: (line: string) => void;
}

/** How long an interrupted run waits for the tests in progress before it writes what it has. */
const interruptGraceMs = 3000;

/**
 * Runs the suites against a target and returns the summary: starts a `command` target, preflights each
 * family (one session and one token per family for the whole run), runs the suites, stops what it started.
 * SIGINT or SIGTERM stop the run: the summary is written, marked interrupted.
 */
export async function runHarness(options: RunOptions): Promise<RunSummary> {
  const say = options.progress ?? (() => {});
  ensureReferenceCredentials(process.env);
  const file = readTargetsFile(options.targetsFile);
  const target = await resolveTarget(file, options.target, process.env);
  const selected = selectFamilies(target, options.suites);
  const seed = options.seed ?? randomInt(2 ** 31);
  const paths = reportsPaths(options.reportsDir);
  // A stale report must never be read as this run's.
  for (const stale of [paths.allureResults, paths.summary, paths.junit]) rmSync(stale, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  const startedAt = new Date();
  const interruption = listenForInterruption();
  let preflight: PreflightReport[] = [];
  let results: SuiteResults = { outcomes: [], errors: [] };
  try {
    say(`harness run: target ${target.name}, families ${selected.map((family) => family.name).join(', ')}, seed ${seed}`);
    const launched = await launchTarget(target);
    interruption.beforeForcedExit(() => launched.kill());
    if (launched.pid !== undefined) say(`target ${target.name} started (pid ${launched.pid})`);
    try {
      results = await judge();
    } finally {
      await launched.stop();
    }
  } finally {
    interruption.dispose();
  }

  async function judge(): Promise<SuiteResults> {
    if (interruption.signal) return results;
    const sessions = await openBrokeredSessions(target, selected);
    preflight = sessions.reports;
    try {
      const problem = preflightError(target.name, sessions.reports);
      if (problem) throw problem;
      if (interruption.signal) return results;
      const runner = await SuiteRunner.create({
        families: selected,
        reports: { allureResults: paths.allureResults, junit: paths.junit },
        cacheDir: join(paths.root, '.vite'),
        ...(options.workers ? { maxWorkers: options.workers } : {}),
      });
      try {
        const context: RunContext = { targetName: target.name, targetsFile: file.path, target: target.entry, seed, runs: options.runs, broker: sessions.broker };
        say('running the suites');
        const run = runner.run(context, { families: selected.map((family) => family.name), ...(options.rules?.length ? { rules: options.rules } : {}) });
        const stopped = interruption.arrived.then(async () => {
          await runner.cancel();
          await Promise.race([run, new Promise((resolve) => setTimeout(resolve, interruptGraceMs))]);
          return runner.results();
        });
        return await Promise.race([run, stopped]);
      } finally {
        await runner.close();
      }
    } finally {
      await sessions.close();
    }
  }

  const interrupted = interruption.signal !== undefined;
  const rules = mergeOutcomes(results.outcomes);
  const selectedRules = selected.flatMap((family) => family.rules).filter((rule) => !options.rules?.length || options.rules.includes(rule.id));
  const notRun = selectedRules.map((rule) => rule.id).filter((id) => !rules.some((rule) => rule.ruleId === id));
  const summary: RunSummary = {
    target: target.name,
    targetsFile: file.path,
    families: selected.map((family) => family.name),
    seed,
    runs: options.runs,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    interrupted,
    preflight,
    exchanges: rules.reduce((total, rule) => total + (rule.exchanges ?? 0), 0),
    verdict: verdictOf(rules, notRun, results.errors, interrupted),
    counts: countStatuses(rules, notRun),
    rules,
    notRun,
    errors: results.errors,
  };
  writeFileSync(paths.summary, `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}
