import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { ExchangeClient } from '../../../client/exchange/exchange-client.ts';
import { exchangeClientFor } from '../../../client/exchange/session.ts';
import { defaultRedactor } from '../../../client/redaction.ts';
import { joinRunBreaker } from '../../../client/run-breakers.ts';
import { exchangeRules } from '../../../rules/exchange/rules.ts';
import type { ExchangeSection } from '../../../targets/exchange/section.ts';
import type { ForAllOptions } from '../../support/for-all.ts';
import { ruleTestFor } from '../../support/rule-test.ts';
import { type RunContext, runContext } from '../../support/run-context.ts';

/** `ruleTest(ruleId, body)` for the exchange rules. */
export const ruleTest = ruleTestFor(exchangeRules);

export interface ExchangeSession {
  run: RunContext;
  section: ExchangeSection;
  client: ExchangeClient;
  /** Unique per suite file: clOrdIds made from a fixed seed never collide with an earlier run's. */
  nonce: string;
  property(overrides?: Partial<ForAllOptions>): ForAllOptions;
}

/** Opens an exchange client for one suite file and closes it after. Returns a getter, valid inside tests. */
export function useExchangeSession(): () => ExchangeSession {
  let session: ExchangeSession | undefined;
  beforeAll(async () => {
    const run = runContext();
    const section = run.target.families.exchange as ExchangeSection | undefined;
    if (!section) return;
    const breaker = await joinRunBreaker(run.broker, 'exchange', run.target.client.unresponsiveAfter);
    const client = exchangeClientFor(section, run.target.client, defaultRedactor, breaker);
    session = {
      run,
      section,
      client,
      nonce: randomBytes(4).toString('hex'),
      property: (overrides) => ({ seed: run.seed, runs: run.runs, concurrency: run.target.client.concurrency, ...overrides }),
    };
  });
  afterAll(async () => {
    await session?.client.close();
  });
  return () => {
    if (!session) throw new Error('No exchange session: the target has no exchange section');
    return session;
  };
}
