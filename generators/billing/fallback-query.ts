import fc from 'fast-check';
import type { RateCardRow } from '../../rules/billing/adapters/model.ts';
import type { Gen } from '../gen.ts';
import { attributeRecord, chargeDraft } from './charge-draft.ts';
import { pricing } from './pricing.ts';
import type { PricingScenario } from './pricing-scenario.ts';

/** A value no generated row ever uses, so attributes carrying it cannot complete a match. */
const unlistedValue = 'unlisted';

const attributes = attributeRecord([unlistedValue]);

/** Whether any one condition of any row equals a supplied attribute value (a row met in part at least). Pure. */
export function someConditionMet(rows: readonly RateCardRow[], attributes: Record<string, string>): boolean {
  return rows.some((row) => Object.entries(row.conditions).some(([name, value]) => attributes[name] === value));
}

/** The attributes with every value some row's condition asks for replaced by the unlisted value. Pure. */
export function unmetBy(rows: readonly RateCardRow[], attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      rows.some((row) => row.conditions[name] === value) ? unlistedValue : value,
    ]),
  );
}

/**
 * Queries whose attributes meet no condition of any row, on charges that define default pricing (query rule
 * 2). No row is met even in part: that a partial match is no match is what "matches" means, rule 1's to judge
 * (matchingQuery has such rows), so a target that matches rows in part fails that rule alone.
 */
export const fallbackQuery: Gen<PricingScenario> = {
  boundaries: [
    {
      charge: {
        name: 'harness-other-values',
        defaultPricing: { currency: 'USD', amount: 20 },
        rateCards: [{ conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'USD', amount: 5 } }],
      },
      attributes: { region: 'us', tier: 'silver' },
    },
    {
      charge: { name: 'harness-no-rows', defaultPricing: { currency: 'GBP', amount: 0 }, rateCards: [] },
      attributes: { region: 'us' },
    },
    {
      charge: {
        name: 'harness-no-attributes',
        defaultPricing: { currency: 'EUR', amount: 99.99 },
        rateCards: [{ conditions: { channel: 'web' }, pricing: { currency: 'EUR', amount: 1 } }],
      },
      attributes: {},
    },
  ],
  arbitrary: fc
    .tuple(chargeDraft, pricing, attributes)
    .map(([charge, defaultPricing, supplied]) => ({ charge: { ...charge, defaultPricing }, attributes: supplied }))
    .map((scenario) => ({ ...scenario, attributes: unmetBy(scenario.charge.rateCards, scenario.attributes) })),
};
