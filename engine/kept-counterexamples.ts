import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Violation } from './rule-violation.ts';

/*
 * Counterexamples kept until they pass (as Hypothesis and Schemathesis keep theirs): a shrunk failing sequence or
 * input is written to a file of its own, one per target and rule, in a folder the team can commit (the target entry's
 * `counterexamples`, else the reports folder's counterexamples/). Every later run against the target tries it first,
 * before its random cases, on any budget; a kept one that passes leaves the folder, and the rule says so.
 */

/** What is kept of one failure: enough to regenerate it (seed and fast-check path), and what it broke. */
export interface KeptCounterexample {
  ruleId: string;
  target: string;
  /** A stateful phase's sequence, or a property's input. */
  kind: 'sequence' | 'input';
  /** For an input: which of the rule's properties drew it, in the order its test calls them (0: the first). */
  property?: number;
  seed: number;
  path: string;
  /** When it was found (ISO 8601). */
  found: string;
  /** The failure's first line, for a reader of the file. */
  failure: string;
}

/** Where a run keeps its target's counterexamples: the folder and the target's name. */
export interface KeptPlace {
  dir: string;
  target: string;
}

/** A file name of the rule id's own characters only. */
const fileOf = (place: KeptPlace, ruleId: string) =>
  join(place.dir, place.target.replace(/[^A-Za-z0-9._-]/g, '_'), `${ruleId.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);

/** The counterexample kept for the rule, when there is one (a file that cannot be read is none). */
export function keptCounterexample(place: KeptPlace, ruleId: string): KeptCounterexample | undefined {
  try {
    const kept = JSON.parse(readFileSync(fileOf(place, ruleId), 'utf8')) as KeptCounterexample;
    return typeof kept.seed === 'number' && typeof kept.path === 'string' ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a failure for the next runs; returns the file. */
export function keepCounterexample(place: KeptPlace, kept: Omit<KeptCounterexample, 'target' | 'found'>): string {
  const file = fileOf(place, kept.ruleId);
  mkdirSync(join(file, '..'), { recursive: true });
  const record: KeptCounterexample = { ...kept, target: place.target, found: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/** The observation that says what became of a kept counterexample. */
export const keptObservation = 'kept counterexample';

/** Lets a kept counterexample go (it passed); returns the observation that says so, naming the file it left. */
export function releaseCounterexample(place: KeptPlace, kept: KeptCounterexample, what: 'sequence' | 'input'): string {
  const file = fileOf(place, kept.ruleId);
  rmSync(file, { force: true });
  return `the ${what} kept ${kept.found} (seed ${kept.seed}, path ${kept.path}) was tried first and passed: it left ${file}`;
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;

/**
 * A failure found now, shrunk (a sequence, or an input with its counterexample): kept for the next runs, its violation
 * saying where. Anything else (another error, a failure with nothing to replay) is returned as it is.
 */
export function keptNow(
  error: unknown,
  place: KeptPlace,
  kept: Pick<KeptCounterexample, 'ruleId' | 'kind' | 'property'>,
): unknown {
  if (!(error instanceof Violation) || !error.replay) return error;
  if (kept.kind === 'input' && error.replay.counterexample === null) return error;
  const file = keepCounterexample(place, {
    ...kept,
    seed: error.replay.seed,
    path: error.replay.path,
    failure: firstLine(error.message),
  });
  error.message = `${error.message}\nKept in ${file}: every later run against this target tries it first, until it passes.`;
  return error;
}

/** A kept failure found again: it stays kept (its failure line renewed), and its violation says so. */
export function keptAgain(
  error: unknown,
  place: KeptPlace,
  kept: KeptCounterexample,
  what: 'sequence' | 'input',
): unknown {
  if (!(error instanceof Violation)) return error;
  keepCounterexample(place, { ...kept, failure: firstLine(error.message) });
  error.message = `${error.message}\n(The ${what} kept ${kept.found} from an earlier run, tried first: it still fails.)`;
  return error;
}
