import fc from 'fast-check';
import { Violation } from '../../engine/rule-violation.ts';
import { nextPropertyOrdinal, observeForRule, ruleInProgress, ruleOutOfTime } from '../../core/rule-in-progress.ts';
import {
  type KeptPlace,
  keptAgain,
  keptCounterexample,
  keptNow,
  keptObservation,
  releaseCounterexample,
} from '../../engine/kept-counterexamples.ts';
import { RuleOutOfTime } from '../../engine/rule-out-of-time.ts';
import type { Gen } from '../../generators/gen.ts';

export interface ForAllOptions {
  seed: number;
  /** Random cases after the boundary cases. */
  runs: number;
  /** Cases in flight at once; 1 where the rule forbids concurrency. */
  concurrency: number;
  /** Time the shrinking of a failure may take, in ms. Default 10000. */
  shrinkTimeMs?: number;
  /** Where the run keeps the target's shrunk failing inputs, tried first by later runs (kept-counterexamples.ts). */
  kept?: KeptPlace;
}

interface Failure {
  index: number;
  error: unknown;
}

/**
 * Runs `body` over items with at most `concurrency` in flight; stops starting new ones after a failure, and when the
 * rule's share of the run's deadline is over while its target answers slowly (then `started` is below the items).
 */
async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  body: (item: T, index: number) => Promise<unknown>,
): Promise<(Failure & { started: number }) | { started: number }> {
  let next = 0;
  const failures: Failure[] = [];
  const worker = async () => {
    while (next < items.length && failures.length === 0 && !ruleOutOfTime()) {
      const index = next++;
      try {
        await body(items[index] as T, index);
      } catch (error) {
        failures.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  // The earliest failing case is the one a sequential run would have met first.
  const [failure] = failures.sort((a, b) => a.index - b.index);
  return { ...failure, started: next };
}

const failed = (outcome: Awaited<ReturnType<typeof runPool>>): outcome is Failure & { started: number } =>
  'index' in outcome;

function describeCase(value: unknown): string | undefined {
  return value && typeof value === 'object' && 'why' in value ? String((value as { why: unknown }).why) : undefined;
}

/**
 * A property over a generator: the boundary cases first, then `runs` random cases drawn from the seed,
 * `concurrency` at a time. A rule violation on a random case is shrunk with fast-check from the same seed
 * and path, and rethrown carrying the seed, the path and the shrunk value for replay. Any other error
 * (a crashing check) is rethrown as it is.
 */
export async function forAll<T>(
  gen: Gen<T>,
  options: ForAllOptions,
  body: (value: T) => Promise<unknown>,
): Promise<number> {
  const keeping = keepingFor(options);
  if (keeping) await triedFirst(gen, options, body, keeping);
  const planned = gen.boundaries.length + options.runs;
  const boundaryFailure = await runPool(gen.boundaries, options.concurrency, body);
  if (failed(boundaryFailure)) {
    const value = gen.boundaries[boundaryFailure.index];
    throw annotate(boundaryFailure.error, value, {
      seed: options.seed,
      path: `boundary ${boundaryFailure.index}`,
      counterexample: value,
    });
  }
  if (boundaryFailure.started < gen.boundaries.length) throw RuleOutOfTime.afterCases(boundaryFailure.started, planned);
  const values = fc.sample(gen.arbitrary, { seed: options.seed, numRuns: options.runs });
  const randomFailure = await runPool(values, options.concurrency, body);
  if (!failed(randomFailure)) {
    if (randomFailure.started < values.length)
      throw RuleOutOfTime.afterCases(gen.boundaries.length + randomFailure.started, planned);
    return gen.boundaries.length + values.length;
  }
  if (!(randomFailure.error instanceof Violation)) throw randomFailure.error;
  const shrunk = await shrink(
    gen,
    options,
    body,
    { seed: options.seed, path: String(randomFailure.index) },
    randomFailure,
  );
  throw keeping
    ? keptNow(shrunk, keeping.place, { ruleId: keeping.ruleId, kind: 'input', property: keeping.property })
    : shrunk;
}

/** The rule in progress's kept inputs, and which of its properties this one is (in the order its test calls them). */
interface Keeping {
  place: KeptPlace;
  ruleId: string;
  property: number;
}

function keepingFor(options: ForAllOptions): Keeping | undefined {
  const ruleId = ruleInProgress();
  const property = nextPropertyOrdinal();
  if (!options.kept || !ruleId || property === undefined) return undefined;
  return { place: options.kept, ruleId, property };
}

/**
 * The input kept for this property by an earlier run, regenerated from its seed and path and tried before the
 * boundary cases: failing again, it stays kept and fails the rule; passing, it leaves the folder.
 */
async function triedFirst<T>(
  gen: Gen<T>,
  options: ForAllOptions,
  body: (value: T) => Promise<unknown>,
  { place, ruleId, property }: Keeping,
): Promise<void> {
  const kept = keptCounterexample(place, ruleId);
  if (kept?.kind !== 'input' || (kept.property ?? 0) !== property) return;
  // A path this property's generator cannot replay (it changed since) is a kept input no longer found: let it go.
  const again = await shrink(gen, options, body, kept, undefined).catch(() => undefined);
  if (again instanceof Violation) throw keptAgain(again, place, kept, 'input');
  observeForRule(keptObservation, releaseCounterexample(place, kept, 'input'));
}

function annotate(error: unknown, value: unknown, replay?: Violation['replay']): unknown {
  if (error instanceof Violation) {
    error.inputDescription ??= describeCase(value);
    if (replay) error.replay = replay;
  }
  return error;
}

/**
 * Replays the case at a seed and path and lets fast-check shrink it; the smallest failure wins. Without a failure
 * to fall back on (a kept input tried first), a case that passes, or a path this property cannot replay, is undefined.
 */
async function shrink<T>(
  gen: Gen<T>,
  options: ForAllOptions,
  body: (value: T) => Promise<unknown>,
  at: { seed: number; path: string },
  failure: Failure | undefined,
): Promise<unknown> {
  let smallest: { error: Violation; value: T } | undefined;
  const property = fc.asyncProperty(gen.arbitrary, async (value) => {
    try {
      await body(value);
      return true;
    } catch (error) {
      if (!(error instanceof Violation)) throw error;
      smallest = { error, value };
      return false;
    }
  });
  const details = await fc.check(property, {
    seed: at.seed,
    path: at.path,
    numRuns: 1,
    interruptAfterTimeLimit: options.shrinkTimeMs ?? 10_000,
    markInterruptAsFailure: false,
  });
  if (!details.failed || !smallest) {
    if (!failure) return undefined;
    // The failure did not reproduce (a flaky target): report the original case with its path.
    return annotate(failure.error, undefined, { seed: at.seed, path: at.path, counterexample: null });
  }
  return annotate(smallest.error, smallest.value, {
    seed: at.seed,
    path: details.counterexamplePath ?? at.path,
    counterexample: smallest.value,
  });
}
