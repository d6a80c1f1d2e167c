import fc from 'fast-check';
import type { Gen } from '../gen.ts';
import { attributeRecord, chargeDraft } from './charge-draft.ts';
import { rowMatches } from './expected-resolution.ts';
import { pricing } from './pricing.ts';
import type { PricingScenario } from './pricing-scenario.ts';

/** A value no generated row ever uses, so attributes carrying it cannot complete a match. */
const unlistedValue = 'unlisted';

const attributes = attributeRecord([unlistedValue]);

/** Queries whose attributes match no row, on charges that define default pricing (query rule 2). */
export const fallbackQuery: Gen<PricingScenario> = {
  boundaries: [
    {
      // A partial match is no match: the row also needs tier=gold.
      charge: {
        name: 'harness-partial',
        defaultPricing: { currency: 'USD', amount: 20 },
        rateCards: [{ conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'USD', amount: 5 } }],
      },
      attributes: { region: 'eu' },
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
    .filter((scenario) => !scenario.charge.rateCards.some((row) => rowMatches(row, scenario.attributes))),
};
