import { availableParallelism } from 'node:os';
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, createVitest, type TestModule, type TestSpecification, type Vitest } from 'vitest/node';
import type { FamilyModule } from '../families/family.ts';
import { OutcomeCollector, type OutcomeListener } from '../reporting/outcome-collector.ts';
import { WorkerCrashWatch } from '../reporting/worker-crash.ts';
import { AllureOutcomeReporter } from '../reporting/allure-outcome-reporter.ts';
import type { AllureRunResults } from '../reporting/allure-run-results.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import type { RunContext } from '../engine/run-context.ts';
import { moduleCacheFolder } from './module-cache.ts';
import { packageRoot } from './paths.ts';
import { isProbeFile, originOf, scheduleSuites } from './suite-schedule.ts';
import { SuiteTurns } from './suite-turns.ts';

/** Runs first in every suite file: waits for the file's turn in the run's schedule. */
const awaitTurnFile = fileURLToPath(new URL('../suites/support/await-turn.ts', import.meta.url));

export interface SuiteRunnerOptions {
  /** Families whose suite files the runner can run. */
  families: readonly FamilyModule[];
  /** Who holds the Allure results (the run writes them once it ended); without it the runner only collects outcomes. */
  reports?: { allure: AllureRunResults };
  /** Told as rules start and end. */
  listener?: OutcomeListener;
  /** Folder for vite's cache. */
  cacheDir: string;
  /**
   * Suite files run in parallel in at most this many workers. Default: vitest's (cores - 1), and one more for each
   * rate-limit probe of the families when there are several (a probe that runs beside the others mostly waits out
   * its limit's window).
   */
  maxWorkers?: number;
  /**
   * Where suite files run: 'forks' (default) are processes given --expose-gc; 'threads' start in about two thirds
   * of the CPU time, for callers that start a run many times (harness mutants, once per mutant) and do not need a
   * run's peak memory kept low.
   */
  pool?: 'forks' | 'threads';
}

/** Which tests to run: the suite files of some families, narrowed to some rules or some files. */
export interface SuiteSelection {
  families: readonly string[];
  rules?: readonly string[];
  /** Only these suite files (absolute paths). */
  files?: readonly string[];
}

export interface SuiteResults {
  outcomes: RuleOutcome[];
  errors: string[];
  /** Rules whose test ended after the run was cancelled: not run, whatever the wind-down made of them. */
  setAside: string[];
}

const stopSignals = new Set<string | symbol>(['SIGINT', 'SIGTERM']);

/** Runs `work` while SIGINT/SIGTERM listeners that others try to add are dropped (listeners already there stay). */
async function withoutSignalListeners<T>(work: () => Promise<T>): Promise<T> {
  const methods = ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'] as const;
  const originals = methods.map((method) => [method, process[method]] as const);
  for (const [method, original] of originals) {
    // biome-ignore lint/suspicious/noExplicitAny: a listener of any signal's arguments, passed through untouched
    process[method] = function (this: NodeJS.Process, event: string | symbol, listener: (...args: any[]) => void) {
      return stopSignals.has(event) ? this : original.call(this, event as never, listener as never);
    } as never;
  }
  try {
    return await work();
  } finally {
    for (const [method, original] of originals) process[method] = original as never;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type VitestSettings = Parameters<typeof createVitest>[1];

/** Who hears of a run's tests: the outcomes' collector, the schedule's turns, and Allure when reports are written. */
function runReporters(
  collector: OutcomeCollector,
  turns: SuiteTurns,
  allure: AllureOutcomeReporter | undefined,
): NonNullable<VitestSettings['reporters']> {
  return [
    collector,
    { onTestModuleEnd: (module: TestModule) => turns.fileEnded(module.moduleId) },
    ...(allure ? [allure] : []),
  ];
}

/** vitest's settings for running the families' suite files, in the planned order, in at most `workers` workers. */
function vitestSettings(
  options: SuiteRunnerOptions,
  run: {
    reporters: NonNullable<VitestSettings['reporters']>;
    sequencer: NonNullable<NonNullable<VitestSettings['sequence']>['sequencer']>;
    workers: number;
  },
): VitestSettings {
  const moduleCache = moduleCacheFolder();
  const include = options.families.map(
    (family) => `${relative(packageRoot, family.suitesDir).split('\\').join('/')}/**/*.suite.ts`,
  );
  return {
    config: false,
    root: packageRoot,
    include,
    watch: false,
    reporters: run.reporters,
    passWithNoTests: true,
    // --expose-gc lets the harness free megabytes it knows are garbage at once (core/collect-garbage.ts); a
    // young generation of 2 MB a half (bin/harness.js gives the main process the same) keeps the garbage of
    // pages of megabytes from piling up between collections. A V8 flag cannot be given to one thread, so
    // threads go without.
    ...(options.pool === 'threads' ? { pool: 'threads' } : { execArgv: ['--expose-gc', '--max-semi-space-size=2'] }),
    // Suite files share their workers' module cache instead of starting a process each: a run has some
    // forty files that each wait on the target more than they compute, and a fresh worker cost each about
    // 0.35 s. Suites keep no state outside their own file (each is evaluated afresh) and the session, the
    // breaker and the run context come from the main process per file.
    isolate: false,
    ...(moduleCache ? { experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache } } : {}),
    setupFiles: [awaitTurnFile],
    sequence: { sequencer: run.sequencer },
    maxWorkers: run.workers,
  };
}

/**
 * One vitest instance (its Node API) reused for any number of runs: `harness run` runs once, `harness
 * mutants` once per mutant. Each run gets its own context (target, seed, broker) through provide/inject.
 */
export class SuiteRunner {
  private cancelled = false;

  private constructor(
    private readonly vitest: Vitest,
    private readonly collector: OutcomeCollector,
    private readonly families: readonly FamilyModule[],
    private readonly turns: SuiteTurns,
    private readonly planned: { order: readonly string[] },
    /** How many workers run suite files at once. */
    readonly workers: number,
    private readonly allure?: { results: AllureRunResults; reporter: AllureOutcomeReporter },
  ) {}

  static async create(options: SuiteRunnerOptions): Promise<SuiteRunner> {
    // A test worker that dies says why only on its stderr: watched, so its rules are broken with the cause.
    const crashWatch = new WorkerCrashWatch();
    const collector = new OutcomeCollector(options.listener, () => crashWatch.cause());
    const turns = await SuiteTurns.start();
    // Workers take the files in the order of the run's schedule (vitest's own sorts by past durations).
    const planned = { order: [] as readonly string[] };
    const workers = options.maxWorkers ?? defaultWorkers(options.families);
    // Each rule's Allure result is made from the outcome its test recorded, with its rule looked up here.
    const allure = options.reports && {
      results: options.reports.allure,
      reporter: new AllureOutcomeReporter(
        options.reports.allure.writer,
        options.families.flatMap((family) => family.rules),
      ),
    };
    const settings = vitestSettings(options, {
      reporters: runReporters(collector, turns, allure?.reporter),
      sequencer: plannedOrderSequencer(planned),
      workers,
    });
    // vitest's logger (and vite) exit the process on SIGINT/SIGTERM; a run handles them itself (stops the
    // target, writes the summary, exits 2), so their signal listeners are never installed, not even for the
    // moment vitest takes to start.
    const vitest = await withoutSignalListeners(async () => {
      const created = await createVitest(
        'test',
        settings,
        { cacheDir: options.cacheDir },
        { stderr: crashWatch.stream },
      );
      await created.standalone();
      return created;
    });
    return new SuiteRunner(vitest, collector, options.families, turns, planned, workers, allure);
  }

  /** The suite files of the selected families (and files). */
  private async specifications(selection: SuiteSelection): Promise<TestSpecification[]> {
    const dirs = this.families
      .filter((family) => selection.families.includes(family.name))
      .map((family) => family.suitesDir);
    return (await this.vitest.globTestSpecifications()).filter(
      (spec) =>
        dirs.some((dir) => spec.moduleId.startsWith(dir)) &&
        (!selection.files || selection.files.includes(spec.moduleId)),
    );
  }

  /** The family whose suites folder holds a file. */
  private familyOf(file: string): string {
    return this.families.find((family) => file.startsWith(family.suitesDir))?.name ?? '';
  }

  /**
   * Runs the selection against the context, every file in one vitest run, in the order and with the waits of the
   * run's schedule (run/suite-schedule.ts): a probe or late-memory file waits in its worker for the files it comes
   * after while the other workers go on.
   */
  async run(context: RunContext, selection: SuiteSelection): Promise<SuiteResults> {
    this.collector.reset();
    // vitest's own order first (the longest files first, by past durations), which the schedule keeps where it can.
    const specs = await new BaseSequencer(this.vitest).sort(await this.specifications(selection));
    const schedule = scheduleSuites(
      specs.map((spec) => ({ file: spec.moduleId, family: this.familyOf(spec.moduleId) })),
      new Map(this.families.map((family) => [family.name, originOf(context.target.families[family.name])])),
      context.target.rateLimitsPerFamily ?? false,
      this.workers,
    );
    this.planned.order = schedule.order;
    this.turns.plan(schedule.order, schedule.after);
    this.vitest.provide('harnessRun', { ...context, turns: this.turns.address });
    this.allure?.reporter.startRun(context);
    if (selection.rules?.length)
      this.vitest.setGlobalTestNamePattern(new RegExp(`^(${selection.rules.map(escapeRegExp).join('|')}):`));
    else this.vitest.resetGlobalTestNamePattern();
    // Cancelled before it began (a signal while it was set up): nothing starts.
    if (specs.length && !this.cancelled) await this.vitest.runTestSpecifications(specs);
    if (this.allure) {
      this.allure.results.addCrashed(this.collector.crashed, 'worker crash');
      this.allure.results.addCrashed(this.collector.fileErrors, 'suite file error');
    }
    return this.results();
  }

  /** What the tests that ended so far recorded (for an interrupted run). */
  results(): SuiteResults {
    return { outcomes: this.collector.outcomes, errors: this.collector.errors, setAside: this.collector.setAside };
  }

  /**
   * Stops the current run: running tests end, no new ones start. What ends from `requestedAt` (epoch ms,
   * when the stop was asked for) on is set aside, never counted as the target's verdict.
   */
  async cancel(requestedAt = Date.now()): Promise<void> {
    this.cancelled = true;
    this.collector.stopAt(requestedAt);
    // Files waiting for their turn start now, and vitest skips their tests.
    this.turns.release();
    await this.vitest.cancelCurrentRun('keyboard-input');
  }

  /** For each rule id, the suite files that hold its tests (vitest collects the files without running them). */
  async ruleFiles(selection: SuiteSelection): Promise<Map<string, string[]>> {
    const collected = await this.vitest.collectTests(await this.specifications(selection));
    // A rule may be judged in several files (a late replay beside its own test): all of them, each once.
    const files = new Map<string, string[]>();
    for (const module of collected.testModules) {
      for (const test of module.children.allTests()) {
        const ruleId = test.name.split(':')[0] ?? test.name;
        const held = files.get(ruleId) ?? [];
        if (!held.includes(module.moduleId)) files.set(ruleId, [...held, module.moduleId]);
      }
    }
    return files;
  }

  async close(): Promise<void> {
    await this.vitest.close();
    await this.turns.close();
  }
}

/**
 * vitest's default (cores - 1), and a worker for each probe of the families, which mostly waits. A family run alone
 * gets none: its probe comes after the family's own files (run/suite-schedule.ts), so it has nothing to run beside,
 * and a worker started for it would only cost the run a process.
 */
export function defaultWorkers(families: readonly FamilyModule[]): number {
  const probes =
    families.length > 1
      ? families.flatMap((family) => readdirSync(family.suitesDir).filter((name) => isProbeFile(name)))
      : [];
  return Math.max(1, availableParallelism() - 1) + probes.length;
}

/** A vitest sequencer that keeps the order the run's schedule put in `planned` (filled in before each run). */
function plannedOrderSequencer(planned: { order: readonly string[] }) {
  return class PlannedOrder {
    async sort(files: TestSpecification[]) {
      const rank = (spec: TestSpecification) => planned.order.indexOf(spec.moduleId);
      return [...files].sort((a, b) => rank(a) - rank(b));
    }
    async shard(files: TestSpecification[]) {
      return files;
    }
  };
}
