import fc from 'fast-check';
import { Violation } from '../../checks/rule-violation.ts';
import { ruleOutOfTime } from '../../core/rule-in-progress.ts';
import { RuleOutOfTime } from './rule-out-of-time.ts';
import type { Gen } from '../../generators/gen.ts';

export interface ForAllOptions {
  seed: number;
  /** Random cases after the boundary cases. */
  runs: number;
  /** Cases in flight at once; 1 where the rule forbids concurrency. */
  concurrency: number;
  /** Time the shrinking of a failure may take, in ms. Default 10000. */
  shrinkTimeMs?: number;
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
  throw await shrink(gen, options, body, randomFailure);
}

function annotate(error: unknown, value: unknown, replay?: Violation['replay']): unknown {
  if (error instanceof Violation) {
    error.inputDescription ??= describeCase(value);
    if (replay) error.replay = replay;
  }
  return error;
}

/** Replays from the failing case's path and lets fast-check shrink it; the smallest failure wins. */
async function shrink<T>(
  gen: Gen<T>,
  options: ForAllOptions,
  body: (value: T) => Promise<unknown>,
  failure: Failure,
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
    seed: options.seed,
    path: String(failure.index),
    numRuns: 1,
    interruptAfterTimeLimit: options.shrinkTimeMs ?? 10_000,
    markInterruptAsFailure: false,
  });
  if (!details.failed || !smallest) {
    // The failure did not reproduce (a flaky target): report the original case with its path.
    return annotate(failure.error, undefined, {
      seed: options.seed,
      path: String(failure.index),
      counterexample: null,
    });
  }
  return annotate(smallest.error, smallest.value, {
    seed: options.seed,
    path: details.counterexamplePath ?? String(failure.index),
    counterexample: smallest.value,
  });
}
