import { relative } from 'node:path';
import { createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import type { FamilyModule } from '../families/family.ts';
import { OutcomeCollector, type OutcomeListener } from '../reporting/outcome-collector.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import type { RunContext } from '../suites/support/run-context.ts';
import { packageRoot } from './paths.ts';

/** A suite file that runs after every other file of the run, one at a time (a burst must not overlap anything). */
const aloneFile = /\.alone\.suite\.ts$/;

export interface SuiteRunnerOptions {
  /** Families whose suite files the runner can run. */
  families: readonly FamilyModule[];
  /** Where Allure results go; without it the runner only collects outcomes. */
  reports?: { allureResults: string };
  /** Told as rules start and end. */
  listener?: OutcomeListener;
  /** Folder for vite's cache. */
  cacheDir: string;
  /** Suite files run in parallel in at most this many workers. Default: vitest's (cores - 1). */
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
  ) {}

  static async create(options: SuiteRunnerOptions): Promise<SuiteRunner> {
    const collector = new OutcomeCollector(options.listener);
    const include = options.families.map(
      (family) => `${relative(packageRoot, family.suitesDir).split('\\').join('/')}/**/*.suite.ts`,
    );
    // vitest's logger (and vite) exit the process on SIGINT/SIGTERM; a run handles them itself (stops the
    // target, writes the summary, exits 2), so their signal listeners are never installed, not even for the
    // moment vitest takes to start.
    const vitest = await withoutSignalListeners(async () => {
      const created = await createVitest(
        'test',
        {
          config: false,
          root: packageRoot,
          include,
          watch: false,
          reporters: [
            collector,
            ...(options.reports
              ? [
                  ['allure-vitest/reporter', { resultsDir: options.reports.allureResults }] as [
                    string,
                    Record<string, unknown>,
                  ],
                ]
              : []),
          ],
          passWithNoTests: true,
          // Lets the HTTP client free a body cut at its cap at once (client/cut-body-step.ts); a V8 flag cannot be
          // given to one thread, so threads go without (the step then leaves the body to the next collection).
          ...(options.pool === 'threads' ? { pool: 'threads' } : { execArgv: ['--expose-gc'] }),
          // Suite files share their workers' module cache instead of starting a process each: a run has some
          // forty files that each wait on the target more than they compute, and a fresh worker cost each about
          // 0.35 s. Suites keep no state outside their own file (each is evaluated afresh) and the session, the
          // breaker and the run context come from the main process per file.
          isolate: false,
          ...(options.maxWorkers ? { maxWorkers: options.maxWorkers } : {}),
        },
        { cacheDir: options.cacheDir },
      );
      await created.standalone();
      return created;
    });
    return new SuiteRunner(vitest, collector, options.families);
  }

  /**
   * The suite files of the selected families (and files), split into those that run together and those that run alone.
   */
  private async specifications(
    selection: SuiteSelection,
  ): Promise<{ together: TestSpecification[]; alone: TestSpecification[] }> {
    const dirs = this.families
      .filter((family) => selection.families.includes(family.name))
      .map((family) => family.suitesDir);
    const specs = (await this.vitest.globTestSpecifications()).filter(
      (spec) =>
        dirs.some((dir) => spec.moduleId.startsWith(dir)) &&
        (!selection.files || selection.files.includes(spec.moduleId)),
    );
    return {
      together: specs.filter((spec) => !aloneFile.test(spec.moduleId)),
      alone: specs.filter((spec) => aloneFile.test(spec.moduleId)),
    };
  }

  /** Runs the selection against the context: the files that run together first, then each alone file by itself. */
  async run(context: RunContext, selection: SuiteSelection): Promise<SuiteResults> {
    this.collector.reset();
    this.vitest.provide('harnessRun', context);
    if (selection.rules?.length)
      this.vitest.setGlobalTestNamePattern(new RegExp(`^(${selection.rules.map(escapeRegExp).join('|')}):`));
    else this.vitest.resetGlobalTestNamePattern();
    const { together, alone } = await this.specifications(selection);
    // Cancelled before it began (a signal while it was set up): nothing starts.
    if (together.length && !this.cancelled) await this.vitest.runTestSpecifications(together);
    for (const spec of alone) {
      if (this.cancelled) break;
      await this.vitest.runTestSpecifications([spec]);
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
    await this.vitest.cancelCurrentRun('keyboard-input');
  }

  /** For each rule id, the suite files that hold its tests (vitest collects the files without running them). */
  async ruleFiles(selection: SuiteSelection): Promise<Map<string, string[]>> {
    const { together, alone } = await this.specifications(selection);
    const collected = await this.vitest.collectTests([...together, ...alone]);
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
  }
}
