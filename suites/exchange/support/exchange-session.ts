import { withSharedChecks } from '../../../checks/index.ts';
import { randomBytes } from 'node:crypto';
import { exchangeChecks } from '../checks/index.ts';
import type { ExchangeClient } from '../client/exchange-client.ts';
import { exchangeClientFor } from '../client/session.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { exchangeRules } from '../../../rules/exchange/rules.ts';
import type { ExchangeSection } from '../entry/section.ts';
import { ruleTestFor } from '../../../engine/rule-test.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';

/** `ruleTest(ruleId, ({ check }) => ...)` for the exchange rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(exchangeRules, withSharedChecks(exchangeChecks));

export interface ExchangeSession extends FamilySuiteSession<ExchangeSection> {
  client: ExchangeClient;
  /** Unique per suite file: clOrdIds made from a fixed seed never collide with an earlier run's. */
  nonce: string;
}

/** Opens an exchange client for one suite file and closes it after. Returns a getter, valid inside tests. */
export function useExchangeSession(): () => ExchangeSession {
  return useFamilySession<ExchangeSection, ExchangeSession>('exchange', async ({ run, section, breaker }) => ({
    client: await exchangeClientFor(section, run.target.client, defaultRedactor, breaker),
    nonce: randomBytes(4).toString('hex'),
  }));
}
