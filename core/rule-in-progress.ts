import { AsyncLocalStorage } from 'node:async_hooks';

/** The rule whose test is running: its id, when its share of the run's deadline ends, and how its target answered. */
interface RuleWork {
  ruleId: string;
  /** Epoch ms its share of the run's deadline ends (see client/run-pace.ts); undefined: no share set. */
  endsAt?: number;
  answers: { count: number; totalMs: number };
  /** Exchanges that got no answer at all (silence, or not sent because of it), and the first of them. */
  unanswered: { count: number; first?: unknown };
  /** Records an observation of the rule (its test's `observe`), for work deep in it that has none at hand. */
  observe?: (key: string, value: unknown) => void;
  /** Properties (forAll) its test has started, in order: what names one of them across runs. */
  properties: number;
}

/**
 * The rule whose test is running, as the async context of its work: what the harness's client tells an exchange
 * about (which rule saw a target stop answering, how long its answers took) without every call passing it along.
 */
const inProgress = new AsyncLocalStorage<RuleWork>();

/** Runs `work` as the rule's: exchanges it starts, however deep, know the rule (and `endsAt`, its share's end). */
export function asRule<T>(
  ruleId: string,
  work: () => T,
  endsAt?: number,
  observe?: (key: string, value: unknown) => void,
): T {
  return inProgress.run(
    {
      ruleId,
      ...(endsAt === undefined ? {} : { endsAt }),
      ...(observe === undefined ? {} : { observe }),
      answers: { count: 0, totalMs: 0 },
      unanswered: { count: 0 },
      properties: 0,
    },
    work,
  );
}

/** The ordinal of a property the rule in progress starts now (0: its first), undefined outside a rule's test. */
export function nextPropertyOrdinal(): number | undefined {
  const work = inProgress.getStore();
  if (!work) return undefined;
  work.properties += 1;
  return work.properties - 1;
}

/** Records an observation of the rule in progress, where its test gave a sink (else nothing). */
export function observeForRule(key: string, value: unknown): void {
  inProgress.getStore()?.observe?.(key, value);
}

/** The rule whose work this is, if any (undefined outside a rule's test: preflight, set-up, load runs). */
export function ruleInProgress(): string | undefined {
  return inProgress.getStore()?.ruleId;
}

/**
 * An exchange of the rule in progress ended after `ms` (the client tells every one); `unanswered` is the exchange
 * itself when it got no usable answer.
 */
export function noteAnswerTime(ms: number, unanswered?: unknown): void {
  const work = inProgress.getStore();
  if (!work) return;
  work.answers.count += 1;
  work.answers.totalMs += ms;
  if (unanswered === undefined) return;
  work.unanswered.count += 1;
  work.unanswered.first ??= unanswered;
  // The exchange whose silence opened the breaker in this rule's name: its evidence, should it fail for it.
  if (leftUnanswered.rules.has(work.ruleId) && leftUnanswered.rules.get(work.ruleId) === undefined)
    leftUnanswered.rules.set(work.ruleId, unanswered);
}

/**
 * The rule in progress sent requests and not one got a usable answer: what it concluded rests on no answer (the
 * first unanswered exchange, as the client made it). Undefined when any answer was usable, or nothing was sent.
 */
export function onlySilence(): { count: number; first: unknown } | undefined {
  const work = inProgress.getStore();
  if (!work || work.answers.count === 0 || work.unanswered.count < work.answers.count) return undefined;
  return { count: work.unanswered.count, first: work.unanswered.first };
}

/** How the target answered the rule in progress so far: exchanges and their total time. */
export function answerTimes(): { count: number; totalMs: number } {
  return { ...(inProgress.getStore()?.answers ?? { count: 0, totalMs: 0 }) };
}

/**
 * An answer this slow on average is the target's slowness, not the harness's: only then does a rule stop at the end
 * of its share (a fast target is never cut short, whatever the deadline).
 */
export const slowAnswerMs = 1000;

/** Whether answers took slowAnswerMs or more on average (none taken: not slow). */
export function answersAreSlow({ count, totalMs }: { count: number; totalMs: number }): boolean {
  return count > 0 && totalMs / count >= slowAnswerMs;
}

/**
 * Whether the rule in progress should start no more cases: its share of the run's deadline is over and its target
 * answers slowly.
 */
export function ruleOutOfTime(): boolean {
  const work = inProgress.getStore();
  if (work?.endsAt === undefined || Date.now() < work.endsAt) return false;
  return answersAreSlow(work.answers);
}

/**
 * The rules whose request, left unanswered, opened a family's circuit breaker, in the run this process serves now: one
 * run's at a time, named by its key (a reused worker serves several runs in turn, `harness mutants` one per batch).
 */
let leftUnanswered: { run: string | undefined; rules: Map<string, unknown> } = { run: undefined, rules: new Map() };

/**
 * The rule met a target that stopped answering (its request opened the breaker) in run `run`: it fails with that, even
 * where it reads the request's answer leniently as another rule's, for the rules whose requests are not sent are
 * blocked by it. A rule noted in an earlier run is forgotten.
 */
export function noteLeftUnanswered(ruleId: string, run?: string): void {
  if (leftUnanswered.run !== run) leftUnanswered = { run, rules: new Map() };
  if (!leftUnanswered.rules.has(ruleId)) leftUnanswered.rules.set(ruleId, undefined);
}

export function wasLeftUnanswered(ruleId: string, run?: string): boolean {
  return leftUnanswered.run === run && leftUnanswered.rules.has(ruleId);
}

/**
 * The unanswered exchange that opened the breaker in the rule's name, when this process sent it (noteAnswerTime keeps
 * it; a trip told by another process brings none).
 */
export function exchangeLeftUnanswered(ruleId: string, run?: string): unknown {
  return leftUnanswered.run === run ? leftUnanswered.rules.get(ruleId) : undefined;
}
