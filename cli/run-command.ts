import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { startVitest } from 'vitest/node';
import { OutcomeCollector } from '../reporting/outcome-collector.ts';
import { countStatuses, mergeOutcomes, type RunSummary, verdictOf } from '../reporting/run-summary.ts';
import { allRules } from '../rules/index.ts';
import type { RunContext } from '../suites/support/run-context.ts';
import { HarnessError } from '../targets/harness-error.ts';
import { launchTarget } from '../targets/launch-target.ts';
import { readTargetsFile, resolveTarget } from '../targets/load-targets.ts';
import { packageRoot, reportsPaths } from './paths.ts';
import { ensureReferenceCredentials } from './reference-credentials.ts';

export interface RunOptions {
  targetsFile: string;
  target?: string;
  /** Interface family whose suites run. Default 'billing'. */
  suite: string;
  /** Default: a random seed, printed. */
  seed?: number;
  /** Random cases per property. Default 100. */
  runs: number;
  /** Only the tests of these rule ids. */
  rules?: string[];
  reportsDir: string;
}

export const knownSuites = ['billing'] as const;

/** Runs the suites against a target and returns the summary; starts and stops a `command` target. */
export async function runHarness(options: RunOptions): Promise<RunSummary> {
  if (!(knownSuites as readonly string[]).includes(options.suite)) {
    throw new HarnessError('USAGE', `No suite "${options.suite}"`, `use one of: ${knownSuites.join(', ')}`);
  }
  ensureReferenceCredentials(process.env);
  const file = readTargetsFile(options.targetsFile);
  const target = await resolveTarget(file, options.target, process.env);
  const seed = options.seed ?? randomInt(2 ** 31);
  const paths = reportsPaths(options.reportsDir);
  rmSync(paths.allureResults, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  const startedAt = new Date();
  const launched = await launchTarget(target);
  const collector = new OutcomeCollector();
  try {
    const context: RunContext = { targetName: target.name, target: target.entry, seed, runs: options.runs };
    const vitest = await startVitest(
      'test',
      [],
      {
        config: false,
        root: packageRoot,
        include: [`suites/${options.suite}/**/*.suite.ts`],
        watch: false,
        reporters: [collector, ['allure-vitest/reporter', { resultsDir: paths.allureResults }], ['junit', { outputFile: paths.junit }]],
        provide: { harnessRun: context },
        passWithNoTests: true,
        ...(options.rules?.length ? { testNamePattern: new RegExp(`^(${options.rules.map(escapeRegExp).join('|')}):`) } : {}),
      },
      { cacheDir: `${paths.root}/.vite` },
    );
    await vitest.close();
  } finally {
    await launched.stop();
  }
  const rules = mergeOutcomes(collector.outcomes);
  const suiteRules = allRules.filter((rule) => rule.family === options.suite && (!options.rules?.length || options.rules.includes(rule.id)));
  const notRun = suiteRules.map((rule) => rule.id).filter((id) => !rules.some((rule) => rule.ruleId === id));
  const summary: RunSummary = {
    target: target.name,
    suite: options.suite,
    seed,
    runs: options.runs,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    exchanges: rules.reduce((total, rule) => total + (rule.exchanges ?? 0), 0),
    verdict: verdictOf(rules, notRun, collector.errors),
    counts: countStatuses(rules, notRun),
    rules,
    notRun,
    errors: collector.errors,
  };
  writeFileSync(paths.summary, `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
