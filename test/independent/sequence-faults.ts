/*
 * Sequence-only faults of the independent services (issue 42): each service written from the documents takes faults
 * that only an order of calls shows, each breaking one sentence. A family says how to start its service with faults
 * and which rule states each fault; test/independent/sequence-fault-tests.ts proves them in the self-tests and
 * bench/stateful-bench.ts counts seeds.
 */

/** One fault and the rule whose sentence it breaks. */
export interface SequenceFaultCase<Faults> {
  name: string;
  ruleId: string;
  faults: Faults;
  /**
   * Why the fault is left out of the run with every fault at once: it takes away what the whole run shares (a token
   * revoked ends the session's token, so every later rule of the run is refused with it).
   */
  aloneOnly?: string;
}

/** A service started with faults: its target entry, the environment its placeholders read, and how to stop it. */
export interface FaultyService {
  entry: { kind: 'url'; families: Record<string, unknown> };
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface SequenceFaultFamily<Faults extends object> {
  family: string;
  cases: readonly SequenceFaultCase<Faults>[];
  /** Rules the service fails without any fault (what it does not serve): failed in every run of it, faults or not. */
  failingWithoutFaults?: readonly string[];
  /** Rules left out of the whole family's run (long probes with no sequence in them). */
  leftOut?: readonly string[];
  /** Starts the family's independent service with these faults ({} for none). */
  start(faults: Faults): Promise<FaultyService>;
  /** Conformant services making the other allowed choices: they pass the faulted rules too, whatever the seed. */
  variants?: readonly { name: string; start(): Promise<FaultyService> }[];
}

/** The numbered steps of the shortest failing sequence, read from the rule's message. */
export function shrunkSteps(message: string): string[] {
  const [, steps = ''] = message.split(/The shortest sequence that fails[^\n]*\n/);
  return steps.split('\n').filter((line) => /^\d+\. /.test(line));
}

/** Every fault of the family at once. */
export const allFaults = <Faults extends object>(family: SequenceFaultFamily<Faults>): Faults =>
  Object.assign({}, ...togetherCases(family).map((fault) => fault.faults)) as Faults;

/** The rules the family's faults run together break, each once, sorted. */
export const faultedRules = (family: SequenceFaultFamily<object>): string[] =>
  [...new Set(togetherCases(family).map((fault) => fault.ruleId))].sort();

const togetherCases = <Faults extends object>(family: SequenceFaultFamily<Faults>) =>
  family.cases.filter((fault) => fault.aloneOnly === undefined);
