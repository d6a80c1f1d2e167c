import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { families as registeredFamilies } from '../families/index.ts';
import type { MutantInfo } from '../reference/family-reference.ts';
import type { FamilyModule } from '../families/family.ts';
import { startReferenceServer } from '../reference/server.ts';
import { mergeOutcomes } from '../reporting/run-summary.ts';
import type { RunContext } from '../suites/support/run-context.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import { type TargetEntry, targetSchemaFor } from '../targets/schema.ts';
import { openBrokeredSessions, preflightError } from './family-sessions.ts';
import { reportsPaths } from './paths.ts';
import { ensureReferenceCredentials, familiesNamed, selectRules } from './select-families.ts';
import { SuiteRunner, type SuiteSelection } from './suite-runner.ts';

export interface MutantsOptions {
  /** Families whose mutants are verified. Default: every registered family. */
  suites?: string[];
  /** Only the mutants that break these rules. */
  rules?: string[];
  seed: number;
  runs: number;
  reportsDir: string;
  /**
   * Run the mutant's whole family, not only the broken rule's test, and record which other rules failed
   * (collateral: one fault should fail one rule). Default false: only the broken rule's test runs.
   */
  collateral?: boolean;
  progress?: (line: string) => void;
}

export interface MutantVerification extends MutantInfo {
  /** killed: the rule failed; survived: the rule passed; error: the rule could not be judged. */
  status: 'killed' | 'survived' | 'error';
  ms: number;
  /** The rule's verdict message, when it was not killed. */
  message?: string;
  /** With --collateral: the rules of the family that failed (or broke) besides the one the mutant breaks. */
  collateral?: string[];
  /** With --collateral: the rules the failure blocked (not collateral: they name their blocker). */
  blocked?: string[];
}

/** How much one fault spread, over the mutants verified with --collateral. */
export interface CollateralFigures {
  mutants: number;
  /** Mutants that failed no rule besides their own. */
  withoutCollateral: number;
  /** The most rules one mutant failed besides its own. */
  worst: number;
  /** Collateral failures over all mutants. */
  total: number;
}

/** reports/mutants.json: what `harness mutants` verified, read by `harness rules`. */
export interface MutantReport {
  startedAt: string;
  durationMs: number;
  seed: number;
  runs: number;
  mutants: MutantVerification[];
  /** Per family and over all, when the run measured collateral. */
  collateral?: Record<string, CollateralFigures>;
}

export function collateralFigures(mutants: readonly MutantVerification[]): CollateralFigures {
  const counts = mutants.map((mutant) => mutant.collateral?.length ?? 0);
  return {
    mutants: mutants.length,
    withoutCollateral: counts.filter((count) => count === 0).length,
    worst: Math.max(0, ...counts),
    total: counts.reduce((sum, count) => sum + count, 0),
  };
}

function collateralByFamily(mutants: readonly MutantVerification[]): Record<string, CollateralFigures> {
  const measured = mutants.filter((mutant) => mutant.collateral !== undefined);
  const families = [...new Set(measured.map((mutant) => mutant.family))];
  return {
    ...Object.fromEntries(
      families.map((family) => [family, collateralFigures(measured.filter((mutant) => mutant.family === family))]),
    ),
    all: collateralFigures(measured),
  };
}

/** The target entry that points the harness at an in-process reference serving one family. */
function referenceTarget(family: FamilyModule, mutant: MutantInfo, baseUrl: string): ResolvedTarget {
  const raw = {
    kind: 'url',
    families: { [family.name]: family.reference.targetSection(baseUrl, mutant.mode, process.env) },
  };
  return { name: `mutant ${mutant.name}`, entry: targetSchemaFor(registeredFamilies()).parse(raw) as TargetEntry };
}

type MergedRules = ReturnType<typeof mergeOutcomes>;
type Verdict = (status: MutantVerification['status'], message?: string) => MutantVerification;

/** With --collateral: the rules besides the broken one that failed or broke, and those the failure blocked. */
function spreadOf(rules: MergedRules, mutant: MutantInfo): Pick<MutantVerification, 'collateral' | 'blocked'> {
  return {
    collateral: rules
      .filter((rule) => rule.ruleId !== mutant.breaks && (rule.status === 'failed' || rule.status === 'broken'))
      .map((rule) => rule.ruleId),
    blocked: rules.filter((rule) => rule.status === 'blocked').map((rule) => rule.ruleId),
  };
}

/** Killed when the broken rule failed, survived when it passed, else an error saying what became of it. */
function verdictOnRule(rules: MergedRules, errors: readonly string[], mutant: MutantInfo, verdict: Verdict) {
  const outcome = rules.find((rule) => rule.ruleId === mutant.breaks);
  if (outcome?.status === 'failed') return verdict('killed');
  if (outcome?.status === 'passed') return verdict('survived', `${mutant.breaks} passed against the mutant`);
  return verdict(
    'error',
    outcome
      ? `${mutant.breaks} was ${outcome.status}: ${outcome.message ?? ''}`
      : `${mutant.breaks} was not judged ${errors.join('; ')}`,
  );
}

/** Runs the broken rule's test (the whole family's with --collateral) against the started mutant and judges it. */
async function judgeMutant(
  runner: SuiteRunner,
  target: ResolvedTarget,
  sessions: Awaited<ReturnType<typeof openBrokeredSessions>>,
  mutant: MutantInfo,
  selection: SuiteSelection,
  options: MutantsOptions,
  verdict: Verdict,
): Promise<MutantVerification> {
  const problem = preflightError(target.name, sessions.reports);
  if (problem) return verdict('error', problem.message);
  const context: RunContext = {
    targetName: target.name,
    targetsFile: '(harness mutants)',
    target: target.entry,
    seed: options.seed,
    runs: options.runs,
    broker: sessions.broker,
  };
  const results = await runner.run(context, selection);
  const rules = mergeOutcomes(results.outcomes);
  return {
    ...verdictOnRule(rules, results.errors, mutant, verdict),
    ...(options.collateral ? spreadOf(rules, mutant) : {}),
  };
}

/** Starts the reference with one mutant, runs the broken rule's test against it, and says whether the rule failed. */
async function verifyOne(
  runner: SuiteRunner,
  family: FamilyModule,
  mutant: MutantInfo,
  files: readonly string[] | undefined,
  options: MutantsOptions,
): Promise<MutantVerification> {
  const started = performance.now();
  const verdict: Verdict = (status, message) => ({
    ...mutant,
    status,
    ms: Math.round(performance.now() - started),
    ...(message === undefined ? {} : { message }),
  });
  if (!files?.length) return verdict('error', `no suite file has a test for ${mutant.breaks}`);
  const server = await startReferenceServer({ mutant: mutant.name, serve: [family] });
  try {
    const target = referenceTarget(family, mutant, server.baseUrls[family.name] as string);
    const sessions = await openBrokeredSessions(target, [family]);
    try {
      const selection = options.collateral
        ? { families: [family.name] }
        : { families: [family.name], rules: [mutant.breaks], files };
      return await judgeMutant(runner, target, sessions, mutant, selection, options, verdict);
    } finally {
      await sessions.close();
    }
  } finally {
    await server.close();
  }
}

/** Verifies every selected mutant on one reused vitest instance and writes reports/mutants.json. */
export async function verifyMutants(options: MutantsOptions): Promise<MutantReport> {
  ensureReferenceCredentials(process.env);
  const families = options.suites?.length ? familiesNamed(options.suites) : [...registeredFamilies()];
  // An id that names no rule of the families is a usage error, before any reference starts.
  selectRules({ selected: families }, options.rules);
  const mutants = families.flatMap((family) =>
    family.reference.mutants
      .filter((mutant) => !options.rules?.length || options.rules.includes(mutant.breaks))
      .map((mutant) => ({ family, mutant })),
  );
  if (!mutants.length)
    throw new HarnessError(
      'USAGE',
      `No mutant breaks ${options.rules?.length ? `rule ${options.rules.join(', ')}` : `a rule of ${families.map((family) => family.name).join(', ')}`}`,
      '`harness rules` shows which rules have a killing mutant',
    );
  const paths = reportsPaths(options.reportsDir);
  mkdirSync(paths.root, { recursive: true });
  const startedAt = new Date();
  // One run per mutant: worker threads start in about two thirds of a forked worker's CPU time.
  const runner = await SuiteRunner.create({ families, cacheDir: join(paths.root, '.vite'), pool: 'threads' });
  const results: MutantVerification[] = [];
  try {
    const files = await runner.ruleFiles({ families: families.map((family) => family.name) });
    for (const { family, mutant } of mutants) {
      const result = await verifyOne(runner, family, mutant, files.get(mutant.breaks), options);
      results.push(result);
      options.progress?.(
        `${result.status.padEnd(8)} ${mutant.name} (${mutant.breaks}) ${result.ms} ms${result.collateral ? `, collateral ${result.collateral.length}${result.collateral.length ? ` (${result.collateral.join(', ')})` : ''}` : ''}`,
      );
    }
  } finally {
    await runner.close();
  }
  const report: MutantReport = {
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed: options.seed,
    runs: options.runs,
    mutants: results,
    ...(options.collateral ? { collateral: collateralByFamily(results) } : {}),
  };
  writeFileSync(paths.mutants, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

export function renderMutantTable(report: MutantReport): string {
  const nameWidth = Math.max(6, ...report.mutants.map((mutant) => mutant.name.length));
  const ruleWidth = Math.max(4, ...report.mutants.map((mutant) => mutant.breaks.length));
  const measured = report.collateral !== undefined;
  const collateralColumn = (mutant: MutantVerification) =>
    measured ? `  ${String(mutant.collateral?.length ?? '-').padStart(10)}` : '';
  const lines = report.mutants.map(
    (mutant) =>
      `${mutant.name.padEnd(nameWidth)}  ${mutant.breaks.padEnd(ruleWidth)}  ${mutant.status.padEnd(8)}  ${String(mutant.ms).padStart(6)} ms${collateralColumn(mutant)}${mutant.message ? `  ${mutant.message.split('\n')[0]}` : ''}${mutant.collateral?.length ? `  also failed: ${mutant.collateral.join(', ')}` : ''}`,
  );
  const killed = report.mutants.filter((mutant) => mutant.status === 'killed').length;
  return [
    `${'mutant'.padEnd(nameWidth)}  ${'rule'.padEnd(ruleWidth)}  ${'status'.padEnd(8)}  ${'time'.padStart(9)}${measured ? `  ${'collateral'.padStart(10)}` : ''}`,
    ...lines,
    '',
    `${killed} of ${report.mutants.length} mutants killed in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed}, ${report.runs} runs per property)`,
    ...Object.entries(report.collateral ?? {}).map(([family, figures]) => renderCollateral(family, figures)),
  ].join('\n');
}

function renderCollateral(family: string, figures: CollateralFigures): string {
  const share = figures.mutants ? (100 * figures.withoutCollateral) / figures.mutants : 100;
  return `collateral ${family}: ${figures.withoutCollateral} of ${figures.mutants} mutants (${share.toFixed(1)}%) failed no other rule; ${figures.total} collateral failures in all, at most ${figures.worst} for one mutant`;
}
