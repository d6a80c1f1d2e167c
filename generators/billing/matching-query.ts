import fc from 'fast-check';
import type { Gen } from '../gen.ts';
import { attributeRecord, chargeDraft, rateCardRow } from './charge-draft.ts';
import type { PricingScenario } from './pricing-scenario.ts';

/** Adds attributes for names the row does not constrain; the row's own conditions win. Pure. */
export function attributesMatchingRow(
  rowConditions: Record<string, string>,
  extra: Record<string, string>,
): Record<string, string> {
  return { ...extra, ...rowConditions };
}

const extraAttributes = attributeRecord();

/** Queries whose attributes match at least one rate-card row (query rule 1). */
export const matchingQuery: Gen<PricingScenario> = {
  boundaries: [
    {
      charge: {
        name: 'harness-one-row',
        defaultPricing: { currency: 'USD', amount: 10 },
        rateCards: [{ conditions: { region: 'eu' }, pricing: { currency: 'USD', amount: 7.5 } }],
      },
      attributes: { region: 'eu' },
    },
    {
      charge: {
        name: 'harness-no-default',
        rateCards: [
          { conditions: { region: 'us' }, pricing: { currency: 'EUR', amount: 3 } },
          { conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'EUR', amount: 1.25 } },
        ],
      },
      attributes: { region: 'eu', tier: 'gold', channel: 'web' },
    },
    {
      // A row met in part is no match: the first row also needs tier=gold, the second is the one that matches.
      charge: {
        name: 'harness-partial-first',
        defaultPricing: { currency: 'USD', amount: 20 },
        rateCards: [
          { conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'USD', amount: 5 } },
          { conditions: { region: 'eu' }, pricing: { currency: 'USD', amount: 8 } },
        ],
      },
      attributes: { region: 'eu' },
    },
  ],
  arbitrary: fc.tuple(chargeDraft, rateCardRow, fc.nat(), extraAttributes).map(([charge, row, position, extra]) => {
    const rateCards = [...charge.rateCards];
    rateCards.splice(position % (rateCards.length + 1), 0, row);
    return { charge: { ...charge, rateCards }, attributes: attributesMatchingRow(row.conditions, extra) };
  }),
};
