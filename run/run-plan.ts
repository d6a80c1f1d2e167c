import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { FamilyModule } from '../families/family.ts';
import type { ReplayInvocation } from '../reporting/run-summary.ts';
import type { Rule } from '../rules/rule.ts';
import type { ResolvedTarget, TargetsFileContents } from '../targets/load-targets.ts';
import { reportsPaths } from './paths.ts';
import { replayInvocation } from './replay-invocation.ts';
import { declaredFamilies, selectFamilies, selectRules } from './select-families.ts';
import { loadTarget } from './target-stage.ts';

/** What a run is asked to do: the target, its families and rules, the seed, the reports and the deadline. */
export interface RunPlan {
  file: TargetsFileContents;
  target: ResolvedTarget;
  /** The families judged: those named (or declared), narrowed by --rule to the families of its rules. */
  selected: FamilyModule[];
  selectedRules: Rule<string, unknown>[];
  seed: number;
  runs: number;
  /** Command sequences per stateful phase, when asked (else the target entry's, else the default). */
  sequences?: number;
  /** Whether a block by a rule the table does not declare breaks the rule (--strict-prerequisites). */
  strictPrerequisites: boolean;
  paths: ReturnType<typeof reportsPaths>;
  startedAt: Date;
  maxTimeMs: number;
  replayWith: ReplayInvocation;
}

/** What a run is asked for by the user; defaults come from the target entry and the harness. */
export interface RunAsked {
  targetsFile: string;
  target?: string;
  /** Interface families to judge. Default: every family the target declares. */
  suites?: string[];
  /** Default: a random seed, printed. */
  seed?: number;
  /** Random cases per property. Default 100. */
  runs: number;
  /** Command sequences per stateful phase. Default: the target entry's `sequences`, else 50. */
  sequences?: number;
  /** Only the tests of these rule ids. */
  rules?: string[];
  /**
   * A block by a rule the rule table does not declare for the blocked rule breaks that rule (a harness error), for
   * the harness's own tests and a family's author. Default false: a user's blocks name what the route found.
   */
  strictPrerequisites?: boolean;
  reportsDir: string;
  /**
   * The run's deadline in ms; what has not finished then is reported as not run. Default: the target entry's
   * `maxTimeMs`, else 10 minutes.
   */
  maxTimeMs?: number;
  /**
   * How late what the target must remember is asked again, in ms: the entry's `lateMemoryMs` for this run (a
   * nightly job's horizon). Default: the entry's.
   */
  lateMemoryMs?: number;
}

const defaultMaxTimeMs = 10 * 60_000;

/**
 * The run's plan from what was asked: the target read and resolved, the families and rules selected (a selection of
 * no rule is the user's mistake, refused before anything is removed, started or requested), and the reports folder
 * cleared of a former run's reports, which must never be read as this run's.
 */
export async function planRun(asked: RunAsked): Promise<RunPlan> {
  const { file, target } = await loadTarget(asked.targetsFile, asked.target, asked.suites);
  const named = selectFamilies(target, asked.suites);
  const selectedRules = selectRules(
    { selected: named, target: { name: target.name, declared: declaredFamilies(target) } },
    asked.rules,
  );
  // With --rule, only the families of the rules chosen are judged: the others are neither preflighted nor run
  // (their sessions, requests and suite files would judge nothing).
  const selected = asked.rules?.length
    ? named.filter((family) => family.rules.some((rule) => selectedRules.includes(rule)))
    : named;
  const paths = reportsPaths(asked.reportsDir);
  for (const stale of [paths.allureResults, paths.summary, paths.summaryMarkdown, paths.junit, paths.targetOutput])
    rmSync(stale, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  // A nightly job's horizon for the late replays, in place of the entry's (the CI gate's short one).
  if (asked.lateMemoryMs !== undefined) target.entry.lateMemoryMs = asked.lateMemoryMs;
  return {
    file,
    target,
    selected,
    selectedRules,
    seed: asked.seed ?? randomInt(2 ** 31),
    runs: asked.runs,
    ...(asked.sequences === undefined ? {} : { sequences: asked.sequences }),
    strictPrerequisites: asked.strictPrerequisites ?? false,
    paths,
    startedAt: new Date(),
    maxTimeMs: asked.maxTimeMs ?? target.entry.maxTimeMs ?? defaultMaxTimeMs,
    replayWith: replayInvocation(target, asked.reportsDir),
  };
}
