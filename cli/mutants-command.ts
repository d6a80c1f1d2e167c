import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { families as registeredFamilies } from '../families/index.ts';
import type { MutantInfo } from '../reference/family-reference.ts';
import type { FamilyModule } from '../families/family.ts';
import { startReferenceServer } from '../reference/server.ts';
import { mergeOutcomes } from '../reporting/run-summary.ts';
import type { RunContext } from '../engine/run-context.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import { type TargetEntry, targetSchemaFor } from '../targets/schema.ts';
import { openBrokeredSessions, preflightError } from '../run/family-sessions.ts';
import { reportsPaths } from '../run/paths.ts';
import { familiesNamed, selectRules } from '../run/select-families.ts';
import { ensureReferenceCredentials } from '../run/target-stage.ts';
import { SuiteRunner, type SuiteSelection } from '../run/suite-runner.ts';

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
  /** A block by a rule the table does not declare breaks the rule (as harness run --strict-prerequisites). */
  strictPrerequisites?: boolean;
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

/** A mutant to verify and the family whose reference it changes. */
interface FamilyMutant {
  family: FamilyModule;
  mutant: MutantInfo;
}

/**
 * The mutants in batches of at most one per family, verified together in one vitest run: each family's part of the
 * reference runs its own mutant, and a family's tests talk to its own part alone, so the mutants cannot reach each
 * other's rules. A run costs a worker's start (about half a second of CPU) whatever it judges.
 */
export function mutantBatches(mutants: readonly FamilyMutant[]): FamilyMutant[][] {
  const byFamily = new Map<FamilyModule, FamilyMutant[]>();
  for (const entry of mutants) byFamily.set(entry.family, [...(byFamily.get(entry.family) ?? []), entry]);
  const longest = Math.max(0, ...[...byFamily.values()].map((list) => list.length));
  return Array.from({ length: longest }, (_, index) =>
    [...byFamily.values()].flatMap((list) => (list[index] ? [list[index]] : [])),
  );
}

/** The target entry that points the harness at the in-process reference's families, each serving its mutant. */
function referenceTarget(started: readonly { entry: FamilyMutant; baseUrl: string }[]): ResolvedTarget {
  const raw = {
    kind: 'url',
    families: Object.fromEntries(
      started.map(({ entry, baseUrl }) => [
        entry.family.name,
        entry.family.reference.targetSection(baseUrl, entry.mutant.mode, process.env),
      ]),
    ),
  };
  return {
    name: `mutant ${started.map(({ entry }) => entry.mutant.name).join(' + ')}`,
    entry: targetSchemaFor(registeredFamilies()).parse(raw) as TargetEntry,
  };
}

type MergedRules = ReturnType<typeof mergeOutcomes>;
type Verdict = (status: MutantVerification['status'], message?: string) => MutantVerification;

/** With --collateral: the family's rules besides the broken one that failed or broke, and those the failure blocked. */
function spreadOf(
  rules: MergedRules,
  { family, mutant }: FamilyMutant,
): Pick<MutantVerification, 'collateral' | 'blocked'> {
  const own = rules.filter((rule) => family.rules.some((candidate) => candidate.id === rule.ruleId));
  return {
    collateral: own
      .filter((rule) => rule.ruleId !== mutant.breaks && (rule.status === 'failed' || rule.status === 'broken'))
      .map((rule) => rule.ruleId),
    blocked: own.filter((rule) => rule.status === 'blocked').map((rule) => rule.ruleId),
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

/**
 * Runs the broken rules' tests (each mutant's whole family with --collateral) against the started mutants, the
 * families whose preflight passed, and judges each mutant on its own rule.
 */
async function judgeBatch(
  runner: SuiteRunner,
  target: ResolvedTarget,
  batch: readonly FamilyMutant[],
  ruleFiles: ReadonlyMap<string, readonly string[]>,
  options: MutantsOptions,
  verdictFor: (mutant: MutantInfo) => Verdict,
): Promise<MutantVerification[]> {
  const sessions = await openBrokeredSessions(
    target,
    batch.map(({ family }) => family),
  );
  try {
    const refused = new Map(
      batch.map(({ family }) => [
        family.name,
        preflightError(
          target.name,
          sessions.reports.filter((report) => report.family === family.name),
        ),
      ]),
    );
    const judged = batch.filter(({ family }) => !refused.get(family.name));
    const context: RunContext = {
      targetName: target.name,
      targetsFile: '(harness mutants)',
      target: target.entry,
      seed: options.seed,
      runs: options.runs,
      strictPrerequisites: options.strictPrerequisites ?? false,
      broker: sessions.broker,
    };
    const families = judged.map(({ family }) => family.name);
    const selection: SuiteSelection = options.collateral
      ? { families }
      : {
          families,
          rules: judged.map(({ mutant }) => mutant.breaks),
          files: [...new Set(judged.flatMap(({ mutant }) => ruleFiles.get(mutant.breaks) ?? []))],
        };
    const results = judged.length ? await runner.run(context, selection) : { outcomes: [], errors: [] };
    const rules = mergeOutcomes(results.outcomes);
    return batch.map((entry) => {
      const verdict = verdictFor(entry.mutant);
      const problem = refused.get(entry.family.name);
      if (problem) return verdict('error', problem.message);
      return {
        ...verdictOnRule(rules, results.errors, entry.mutant, verdict),
        ...(options.collateral ? spreadOf(rules, entry) : {}),
      };
    });
  } finally {
    await sessions.close();
  }
}

/**
 * Starts the reference serving the batch's families, each with its mutant, runs the broken rules' tests against
 * it in one vitest run, and says of each mutant whether its rule failed. Every mutant's time is the
 * batch's.
 */
async function verifyBatch(
  runner: SuiteRunner,
  batch: readonly FamilyMutant[],
  ruleFiles: ReadonlyMap<string, readonly string[]>,
  options: MutantsOptions,
): Promise<MutantVerification[]> {
  const started = performance.now();
  const verdictFor =
    (mutant: MutantInfo): Verdict =>
    (status, message) => ({
      ...mutant,
      status,
      ms: Math.round(performance.now() - started),
      ...(message === undefined ? {} : { message }),
    });
  // A mutant whose rule no suite file tests cannot be judged; the others go on without it.
  const testable = batch.filter(({ mutant }) => ruleFiles.get(mutant.breaks)?.length);
  const untestable = batch
    .filter((entry) => !testable.includes(entry))
    .map(({ mutant }) => verdictFor(mutant)('error', `no suite file has a test for ${mutant.breaks}`));
  if (!testable.length) return untestable;
  // One reference serves the batch, each family with its mutant: one origin, so a rate-limit probe runs after the
  // batch's other files instead of beside them (in the one worker, a probe waiting for files queued behind it
  // would wait for ever).
  const server = await startReferenceServer({
    serve: testable.map(({ family }) => family),
    families: Object.fromEntries(
      testable.map(({ family, mutant }) => [family.name, { mode: mutant.mode, mutant: mutant.name }]),
    ),
  });
  try {
    const target = referenceTarget(
      testable.map((entry) => ({ entry, baseUrl: server.baseUrls[entry.family.name] as string })),
    );
    return [...untestable, ...(await judgeBatch(runner, target, testable, ruleFiles, options, verdictFor))];
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
  // Worker threads start in about two thirds of a forked worker's CPU time, and one thread runs each batch's files
  // one after another: a thread's start costs more than most of the tests a batch runs.
  const runner = await SuiteRunner.create({
    families,
    cacheDir: join(paths.root, '.vite'),
    pool: 'threads',
    maxWorkers: 1,
  });
  const results: MutantVerification[] = [];
  try {
    const files = await runner.ruleFiles({ families: families.map((family) => family.name) });
    for (const batch of mutantBatches(mutants)) {
      for (const result of await verifyBatch(runner, batch, files, options)) {
        results.push(result);
        options.progress?.(
          `${result.status.padEnd(8)} ${result.name} (${result.breaks}) ${result.ms} ms${result.collateral ? `, collateral ${result.collateral.length}${result.collateral.length ? ` (${result.collateral.join(', ')})` : ''}` : ''}`,
        );
      }
    }
  } finally {
    await runner.close();
  }
  const report: MutantReport = {
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed: options.seed,
    runs: options.runs,
    // In the catalogue's order, whatever batch verified each.
    mutants: mutants.map(({ mutant }) => results.find((result) => result.name === mutant.name) as MutantVerification),
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
