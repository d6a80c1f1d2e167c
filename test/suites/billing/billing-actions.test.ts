import { describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../../checks/rule-blocked.ts';
import { forRule } from '../../../checks/rule-check.ts';
import { RuleViolation } from '../../../checks/rule-violation.ts';
import { queryRepeatable, readsDefaultPricing } from '../../../suites/billing/support/billing-actions.ts';
import { jsonExchange } from '../../checks/exchanges.ts';
import { thrownBy } from '../../checks/violation.ts';

describe('prerequisites read through the query', () => {
  const answer = (version: number) => jsonExchange(200, { charge: { id: 'c-1', version }, resolvedPricing: null });

  test('two equal answers to one query let the asking rule go on', () => {
    expect(thrownBy(() => queryRepeatable(answer(1), answer(1)))).toBeUndefined();
  });

  test('two different answers block the asking rule by the no-side-effects rule, or are its own violation', () => {
    const missing = thrownBy(() => queryRepeatable(answer(1), answer(2)));
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
