import fc from 'fast-check';
import { RuleViolation, Violation } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import type { RunContext } from '../../engine/run-context.ts';
import { type PhaseFigures, phaseObservation, phaseText } from '../../core/stateful-phase-figures.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';
import {
  keptAgain,
  keptCounterexample,
  keptNow,
  keptObservation,
  releaseCounterexample,
} from '../../engine/kept-counterexamples.ts';

/*
 * The stateful phase of a rule (DESIGN: "Sequences: the target as a state machine"): fast-check's model-based testing
 * runs random sequences of the documented operations against the target, each command checking the target's answer
 * against a model of what the documents say its state is. A failing sequence is shrunk to the shortest that still
 * fails, and reported with every exchange of it in order, the seed and path that regenerate it.
 */

/** Command sequences per family when neither `--sequences` nor the target entry says: the CI gate's budget. */
export const defaultSequences = 50;

/** How many sequences the run gives each stateful phase: `--sequences`, else the entry's `sequences`, else the default. */
export function sequenceBudget(run: Pick<RunContext, 'sequences' | 'target'>): number {
  return run.sequences ?? run.target.sequences ?? defaultSequences;
}

/**
 * An earlier item of a sequence, `count` back from the latest (0: the latest; past the first it wraps round): what a
 * target forgets or keeps wrongly shows soonest on what it saw last. The list must not be empty.
 */
export function countedBack<T>(list: readonly T[], count: number): T {
  return list[list.length - 1 - (count % list.length)] as T;
}

/** The requests of one sequence, in order, each with what it was in words. */
export class SequenceLog {
  readonly steps: { exchange: Exchange; why: string }[] = [];

  /** Keeps the exchange as the sequence's next step; returns it. */
  record(exchange: Exchange, why: string): Exchange {
    this.steps.push({ exchange, why });
    return exchange;
  }

  /** The steps numbered, each with what the target answered. */
  lines(): string[] {
    return this.steps.map(
      ({ exchange, why }, index) =>
        `${index + 1}. ${why}: ${exchange.response?.status ?? exchange.error?.code ?? 'no answer'}`,
    );
  }
}

/** What every sequence's real side has: the log its commands record their exchanges in. */
export interface SequenceReal {
  log: SequenceLog;
}

export interface StatefulPhase<Model extends object, Real extends SequenceReal> {
  /** The sequences to run (fc.commands over the family's commands). */
  commands: fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real>>>;
  /** A fresh model and real side for each sequence (the target's own state goes on from sequence to sequence). */
  setup(): { model: Model; real: Real };
  seed: number;
  /** How many sequences (fast-check's numRuns); shrinking a failure runs more. */
  sequences: number;
  /**
   * The fast-check path of a failure at `seed` to find again (a kept counterexample): the sequences up to the one that
   * failed are run, and a failure shrunk as always.
   */
  path?: string;
}

/** What a phase that found nothing ran: sequences generated and requests sent, shrinking included. */
export type StatefulPhaseRun = PhaseFigures;

/**
 * Records what the phase ran (the summaries add it up per family) and, when any, the first answers it read leniently
 * (another rule's to judge): reported, never failed.
 */
export function observePhase(
  observe: (key: string, value: unknown) => void,
  phase: StatefulPhaseRun,
  lenient: readonly string[],
): void {
  observe(phaseObservation, phaseText(phase));
  if (lenient.length) observe(`${phaseObservation}, read leniently`, lenient.slice(0, 10));
}

/**
 * Runs the sequences. A command's violation (thrown by the rule's check) ends the phase shrunk: it is thrown again with
 * the shortest failing sequence as its evidence and in its message, and the seed and path that replay it. Any other
 * error is thrown as it is (the harness's, or a block).
 */
export async function runStatefulPhase<Model extends object, Real extends SequenceReal>(
  phase: StatefulPhase<Model, Real>,
): Promise<StatefulPhaseRun> {
  // The last failing sequence fast-check ran is the shrunk one: shrinking only goes on from failures.
  let failed: { error: unknown; log: SequenceLog } | undefined;
  let requests = 0;
  const details = await fc.check(
    fc.asyncProperty(phase.commands, async (commands) => {
      const { model, real } = phase.setup();
      try {
        await fc.asyncModelRun(() => ({ model, real }), commands);
      } catch (error) {
        failed = { error, log: real.log };
        throw error;
      } finally {
        requests += real.log.steps.length;
      }
    }),
    phase.path === undefined
      ? { seed: phase.seed, numRuns: phase.sequences }
      : // The sequences of that seed up to the one that failed (the path's first step), shrunk again: a sequence's
        // shrinks depend on which of its commands ran, so the path's later steps cannot be replayed as such.
        { seed: phase.seed, numRuns: Number(phase.path.split(':')[0]) + 1 },
  );
  if (!details.failed) return { sequences: details.numRuns, requests };
  if (!failed || !(failed.error instanceof Violation)) throw failed?.error ?? details.errorInstance;
  throw shrunkViolation(failed.error, failed.log, { seed: phase.seed, path: details.counterexamplePath ?? '' });
}

/** The violation of the shrunk sequence: every exchange of it as evidence, its steps in the message, its replay. */
function shrunkViolation(violation: Violation, log: SequenceLog, replay: { seed: number; path: string }): Violation {
  const steps = log.lines();
  const message = `${violation.message}\nThe shortest sequence that fails (${steps.length} request(s), seed ${replay.seed}, path ${replay.path}):\n${steps.join('\n')}`;
  const evidence = log.steps.map((step) => step.exchange);
  // A violation already stamped with its rule keeps it; a check's own is stamped by the rule test's engine.
  const shown =
    violation instanceof RuleViolation
      ? new RuleViolation(violation.ruleId, message, evidence)
      : new Violation(message, evidence);
  shown.replay = { ...replay, counterexample: steps.join('; ') };
  return shown;
}

/**
 * Runs a rule's check on one step of a sequence: its violation is thrown again with the step's story first (what was
 * asked and what the model expected there), so the shrunk sequence's message says where and why it failed.
 */
export function judgedAtStep<T>(story: string, judge: () => T): T {
  try {
    return judge();
  } catch (error) {
    if (!(error instanceof Violation)) throw error;
    const message = `${story}: ${error.message}`;
    const restated =
      error instanceof RuleViolation
        ? new RuleViolation(error.ruleId, message, error.evidence)
        : new Violation(message, error.evidence);
    throw restated;
  }
}

/**
 * A rule's phase at the run's seed and sequence budget (`--sequences`, the entry's, else the default), what it ran
 * and what it read leniently (`lenient`, filled by the sequences) recorded as the rule's observations.
 */
export async function runRulePhase<Model extends object, Real extends SequenceReal>(
  run: Pick<RunContext, 'seed' | 'sequences' | 'target' | 'counterexamples'>,
  observe: (key: string, value: unknown) => void,
  lenient: readonly string[],
  phase: Pick<StatefulPhase<Model, Real>, 'commands' | 'setup'>,
): Promise<StatefulPhaseRun> {
  const ruleId = ruleInProgress();
  const place = run.counterexamples;
  const kept = place && ruleId ? keptCounterexample(place, ruleId) : undefined;
  if (place && ruleId && kept?.kind === 'sequence') {
    await runStatefulPhase({ ...phase, seed: kept.seed, sequences: 1, path: kept.path }).catch((error: unknown) => {
      throw keptAgain(error, place, kept, 'sequence');
    });
    observe(keptObservation, releaseCounterexample(place, kept, 'sequence'));
  }
  const ran = await runStatefulPhase({ ...phase, seed: run.seed, sequences: sequenceBudget(run) }).catch(
    (error: unknown) => {
      throw place && ruleId ? keptNow(error, place, { ruleId, kind: 'sequence' }) : error;
    },
  );
  observePhase(observe, ran, lenient);
  return ran;
}
