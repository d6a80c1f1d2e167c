import { describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../../engine/rule-blocked.ts';
import { forRule } from '../../../engine/rule-check.ts';
import { RuleViolation } from '../../../engine/rule-violation.ts';
import { queryRepeatable, readsDefaultPricing } from '../../../suites/billing/support/billing-actions.ts';
import { jsonExchange } from '../../checks/exchanges.ts';
import { referenceBillingAdapter } from '../../../rules/billing/adapters/reference-adapter.ts';
import type { BillingSession } from '../../../suites/billing/support/billing-session.ts';
import { thrownBy } from '../../checks/violation.ts';

describe('prerequisites read through the query', () => {
  const answer = (version: number) => jsonExchange(200, { charge: { id: 'c-1', version }, resolvedPricing: null });
  const priced = (amount: number, processId = 'p-1') =>
    jsonExchange(200, { processId, charge: { id: 'c-1' }, resolvedPricing: { currency: 'USD', amount } });
  const session = { client: { adapter: referenceBillingAdapter } } as unknown as BillingSession;

  test('two equal answers to one query let the asking rule go on', () => {
    expect(thrownBy(() => queryRepeatable(session, answer(1), answer(1)))).toBeUndefined();
  });

  test('answers that differ only where document 1 is silent (a per-request id, a field of the charge) are the same', () => {
    expect(thrownBy(() => queryRepeatable(session, priced(1, 'p-1'), priced(1, 'p-2')))).toBeUndefined();
    expect(thrownBy(() => queryRepeatable(session, answer(1), answer(2)))).toBeUndefined();
    const refused = (processId: string) => jsonExchange(400, { processId, reasons: [{ code: 'NO_MATCH' }] });
    expect(thrownBy(() => queryRepeatable(session, refused('a'), refused('b')))).toBeUndefined();
  });

  test('two different answers block the asking rule by the no-side-effects rule, or are its own violation', () => {
    const missing = thrownBy(() => queryRepeatable(session, priced(1), priced(2)));
    const blocked = forRule('billing.charges.update.body_identifies', missing);
    expect(blocked).toBeInstanceOf(RuleBlocked);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['billing.charges.query.no_side_effects']);
    expect(forRule('billing.charges.query.no_side_effects', missing)).toBeInstanceOf(RuleViolation);
  });

  test('a query that does not resolve the default pricing blocks the asking rule by the fallback rule', () => {
    const usd = { currency: 'USD', amount: 1 };
    expect(thrownBy(() => readsDefaultPricing({ exchange: answer(1), pricing: usd, state: {} }, usd))).toBeUndefined();
    const missing = thrownBy(() => readsDefaultPricing({ exchange: answer(1), pricing: null, state: {} }, usd));
    const blocked = forRule('billing.charges.update.body_identifies', missing);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['billing.charges.query.default_fallback']);
  });
});
