import { afterAll, beforeAll } from 'vitest';
import type { CircuitBreaker } from '../../client/circuit-breaker.ts';
import { exchangesStarted } from '../../client/http-exchange.ts';
import { joinRunBreaker, runMethods } from '../../client/run-breakers.ts';
import { brokerCall } from '../../client/session-broker.ts';
import type { ForAllOptions } from './for-all.ts';
import { hookBudgetMs } from '../../engine/request-budget.ts';
import { type RunContext, runContext } from '../../engine/run-context.ts';

/** What every family's suite session has: the run, the family's section, and a client to close after the file. */
export interface FamilySuiteSession<Section> {
  run: RunContext;
  section: Section;
  client: { close(): Promise<void> };
  /** Property settings: the run's seed, runs and concurrency, overridable per rule. */
  property(overrides?: Partial<ForAllOptions>): ForAllOptions;
}

/** What a family gets to open its part of a suite file's session with. */
export interface FamilySessionParts<Section> {
  run: RunContext;
  section: Section;
  /** The family's circuit breaker, joined to the run's: hand it to the family's HTTP client. */
  breaker: CircuitBreaker;
}

type CommonPart = 'run' | 'section' | 'property';

/**
 * Opens a family's session for one suite file (before its tests) and closes its client after them: `open`
 * makes the family's own part (its client, ...), the run, the section and the property settings are added. A
 * target without the family's section gets no session, and `open` may decline one (undefined): the rules are
 * then not applicable. Returns a getter, valid inside tests.
 */
export function useFamilySession<Section, Session extends FamilySuiteSession<Section>>(
  family: string,
  open: (
    parts: FamilySessionParts<Section>,
  ) => Omit<Session, CommonPart> | undefined | Promise<Omit<Session, CommonPart> | undefined>,
): () => Session {
  let session: Session | undefined;
  let exchangesAtStart = 0;
  beforeAll(async () => {
    exchangesAtStart = exchangesStarted();
    const run = runContext();
    const section = run.target.families[family] as Section | undefined;
    if (section === undefined) return;
    const breaker = await joinRunBreaker(run.broker, family, run.target.client.unresponsiveAfter);
    const property = (overrides?: Partial<ForAllOptions>): ForAllOptions => ({
      seed: run.seed,
      runs: run.runs,
      concurrency: run.target.client.concurrency,
      ...(run.counterexamples ? { kept: run.counterexamples } : {}),
      ...overrides,
    });
    const own = await open({ run, section, breaker });
    if (own) session = { ...own, run, section, property } as Session;
  }, hookBudgetMs(0));
  afterAll(async () => {
    // Closing waits on the requests still in flight, each ending at the request timeout: the hook's budget allows one.
    await session?.client.close();
    // The file's requests, so a late replay can say how much traffic came after a first use (client/run-memory.ts).
    if (session)
      await brokerCall(session.run.broker, runMethods, 'memoryTraffic', {
        exchanges: exchangesStarted() - exchangesAtStart,
      }).catch(() => undefined);
  }, hookBudgetMs(1));
  return () => {
    if (!session) throw new Error(`No ${family} session: the target has no ${family} section`);
    return session;
  };
}
