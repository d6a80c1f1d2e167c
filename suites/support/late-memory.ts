import { beforeAll } from 'vitest';
import { exchangesStarted } from '../../client/http-exchange.ts';
import { runMethods } from '../../client/run-breakers.ts';
import type { KeptFirstUse, RecalledFirstUses } from '../../client/run-memory.ts';
import { type BrokerAddress, brokerCall } from '../../client/session-broker.ts';
import { asRule } from '../../core/rule-in-progress.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { ruleTestBudgetMs } from '../../engine/request-budget.ts';
import { runContext } from '../../engine/run-context.ts';

/*
 * Memory judged late (DESIGN: "asked again late, not only at once"). Every suite file of a family keeps a first
 * use when it starts (keepFirstUse, from the family's session hook); the rule that judges the memory sits in the
 * family's
 * `memory.alone.suite.ts`, which `harness run` starts after every other file of the family, near the end of the
 * run (run/suite-schedule.ts), so the replay comes after the family's traffic and most of the run's at no cost in
 * wall time. Where no first use was kept (only that rule selected, as
 * `harness mutants` runs it) the rule makes its own and waits `minimumMs`. A target entry's `lateMemoryMs`
 * (the nightly run's) makes every replay wait until its first use is that old.
 */

/**
 * The least age of a time-bounded memory (nonces, order ids) when it is replayed: a target forgetting within seconds is
 * caught in every run.
 */
export const minimumLateMs = 4000;

/**
 * Keeps a first use made when the suite file starts (undefined: nothing to keep, e.g. no MAC settings) for a late
 * replay in this run. The first use is `owner`'s work (the rule that judges the memory): a target that stops answering
 * it opens the family's circuit breaker in that rule's name, so the rule fails with the timeout it met and the rest
 * are blocked by it. The hook has no timeout of its own: each of its requests ends at the entry's request timeout
 * (client/deadline-step.ts), and a hook that timed out first would leave that timeout to no rule.
 */
export function keepFirstUse<T>(kind: string, owner: RuleId, send: () => Promise<T | undefined> | undefined): void {
  beforeAll(async () => {
    const sentAt = Date.now();
    try {
      const value = await asRule(owner, send);
      if (value !== undefined) await brokerCall(runContext().broker, runMethods, 'memoryKeep', { kind, value, sentAt });
    } catch {
      // An early use that could not be made or kept leaves the late rule to make its own.
    }
  }, 0);
}

/**
 * How late a replay came: "14.2 s and at least 1,203 requests after first use" (files still running in other workers
 * are not counted yet).
 */
export function latenessText(ms: number, requests: number): string {
  return `${(ms / 1000).toFixed(1)} s and at least ${requests.toLocaleString('en-US')} requests after first use`;
}

/** A first use ready for its replay, and how to say how late the replay came (call it when the replay was sent). */
export interface LateUse<T> {
  value: T;
  sentAt: number;
  lateness(): string;
}

export interface LateRecallOptions<T> {
  /** Makes a first use now when none was kept this run (undefined: the target cannot be asked). */
  firstUse: () => Promise<T | undefined>;
  /** The least age at replay. Default minimumLateMs; 0 for memories not bounded by time (vanity paths). */
  minimumMs?: number;
  /** The greatest age at replay (a nonce stays inside the MAC window); an older first use is left out. */
  latestMs?: number;
}

/**
 * The wait before a replay: until the first use is as old as the run asks (the entry's lateMemoryMs or the minimum),
 * never beyond the latest.
 */
function replayDueAt(sentAt: number, wantedMs: number, latestMs: number): number {
  return sentAt + Math.min(wantedMs, latestMs);
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Where a late replay recalls its first uses: the run's broker, and the entry's lateMemoryMs (absent: the minimum). */
export interface LateMemoryPlace {
  broker: BrokerAddress;
  lateMemoryMs?: number;
}

/**
 * Recalls the oldest first use of a kind kept earlier in the run (or makes one), waits until it is late enough, and
 * returns it with its lateness; `requestsOfThisFile` counts the replaying file's own requests so far.
 */
export async function recallLateUses<T>(
  place: LateMemoryPlace,
  kind: string,
  options: LateRecallOptions<T>,
  requestsOfThisFile: () => number,
): Promise<LateUse<T>[]> {
  const minimumMs = options.minimumMs ?? minimumLateMs;
  const latestMs = options.latestMs ?? Number.POSITIVE_INFINITY;
  const recalled = await brokerCall<RecalledFirstUses<T>>(place.broker, runMethods, 'memoryRecall', { kind });
  // The oldest first use still inside the latest age: the latest replay the run allows.
  const kept = recalled.firstUses
    .filter((use) => Date.now() - use.sentAt < latestMs)
    .sort((a, b) => a.sentAt - b.sentAt)
    .slice(0, 1);
  // Traffic of the files that ended since the first use was kept, and this file's own so far.
  const uses: (KeptFirstUse<T> & { requestsBefore: () => number })[] = kept.map((use) => ({
    ...use,
    requestsBefore: () => recalled.traffic - use.trafficAtKeep + requestsOfThisFile(),
  }));
  if (uses.length === 0) {
    const sentAt = Date.now();
    const startedAt = exchangesStarted();
    const value = await options.firstUse();
    if (value !== undefined)
      uses.push({ value, sentAt, trafficAtKeep: 0, requestsBefore: () => exchangesStarted() - startedAt - 1 });
  }
  const wantedMs = Math.max(minimumMs, place.lateMemoryMs ?? 0);
  await sleepUntil(Math.max(0, ...uses.map((use) => replayDueAt(use.sentAt, wantedMs, latestMs))));
  return uses.map((use) => ({
    value: use.value,
    sentAt: use.sentAt,
    lateness: () => latenessText(Date.now() - use.sentAt, Math.max(0, use.requestsBefore())),
  }));
}

/**
 * For a late rule's file: recalls the oldest first use of a kind kept earlier in this run (or makes one), waits
 * until it is late enough, and returns it with its lateness (recallLateUses). Call the hook at the file's top level.
 */
export function useLateMemory(): <T>(kind: string, options: LateRecallOptions<T>) => Promise<LateUse<T>[]> {
  let fileStart = 0;
  beforeAll(() => {
    fileStart = exchangesStarted();
  });
  return <T>(kind: string, options: LateRecallOptions<T>): Promise<LateUse<T>[]> => {
    const run = runContext();
    const place = {
      broker: run.broker,
      ...(run.target.lateMemoryMs === undefined ? {} : { lateMemoryMs: run.target.lateMemoryMs }),
    };
    return recallLateUses(place, kind, options, () => exchangesStarted() - fileStart);
  };
}

/** The timeout of a late rule's test: its wait (the entry's lateMemoryMs) on top of the usual budget. */
export function lateTestTimeoutMs(): number {
  let waitMs = minimumLateMs;
  try {
    waitMs = runContext().target.lateMemoryMs ?? minimumLateMs;
  } catch {
    // Collected outside a run: the minimum wait.
  }
  return ruleTestBudgetMs() + waitMs;
}
