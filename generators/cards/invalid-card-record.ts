import fc from 'fast-check';
import { addDays } from '../../rules/cards/calendar.ts';
import { cardsRuleIds as id } from '../../rules/cards/ids.ts';
import type { InvalidCase } from '../gen.ts';
import { cardRecord } from './card-record.ts';
import { maxMerchantCodes, maxUserDefinedFields, maxVariancePercent } from '../../rules/cards/limits.ts';

type Card = Record<string, unknown>;
type Nested = Record<string, unknown>;

/** A change of a valid Card that breaks exactly one rule. */
interface Breaker {
  breaks: string;
  why: string;
  apply(card: Card): Card;
}

const spend = (card: Card, change: Nested): Card => ({
  ...card,
  spendControls: { ...(card.spendControls as Nested), ...change },
});
const details = (card: Card, change: Nested): Card => ({
  ...card,
  cardDetails: { ...(card.cardDetails as Nested), ...change },
});
const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ index: String(index), value: `v${index}` }));

export const cardBreakers: readonly Breaker[] = [
  { breaks: id.cardFields, why: 'deliveryMethod EMAIL', apply: (card) => ({ ...card, deliveryMethod: 'EMAIL' }) },
  {
    breaks: id.cardFields,
    why: 'cardDetails.status not a card status',
    apply: (card) => details(card, { status: 'ACTIVATED' }),
  },
  { breaks: id.cardFields, why: 'cardLastFive missing', apply: (card) => details(card, { cardLastFive: undefined }) },
  {
    breaks: id.cardAmounts,
    why: 'currentAmount with nine digits',
    apply: (card) => spend(card, { currentAmount: '100000000.00' }),
  },
  { breaks: id.cardAmounts, why: 'negative currentAmount', apply: (card) => spend(card, { currentAmount: '-0.01' }) },
  {
    breaks: id.cardAmounts,
    why: 'originalAmount with three decimals',
    apply: (card) => spend(card, { originalAmount: '1.005' }),
  },
  { breaks: id.cardDates, why: 'expiryDate month 13', apply: (card) => details(card, { expiryDate: '13-30' }) },
  {
    breaks: id.cardDates,
    why: 'validToDate a day that does not exist',
    apply: (card) => spend(card, { validToDate: '2031-02-30' }),
  },
  {
    breaks: id.cardReferenceId,
    why: 'cardReferenceId with an underscore',
    apply: (card) => details(card, { cardReferenceId: 'REF_1' }),
  },
  {
    breaks: id.merchantCodes,
    why: '26 merchant category codes',
    apply: (card) =>
      spend(card, {
        allowedMerchantIndustries: Array.from({ length: maxMerchantCodes + 1 }, (_, index) => String(5000 + index)),
      }),
  },
  {
    breaks: id.reconciliation,
    why: '13 user-defined fields',
    apply: (card) => ({
      ...card,
      reconciliationField: { userDefinedFields: items(maxUserDefinedFields + 1), accountingFields: [] },
    }),
  },
  {
    breaks: id.reconciliation,
    why: '9 accounting fields',
    apply: (card) => ({ ...card, reconciliationField: { accountingFields: items(9) } }),
  },
  {
    breaks: id.reconciliation,
    why: 'a value without an index',
    apply: (card) => ({ ...card, reconciliationField: { userDefinedFields: [{ value: 'x' }] } }),
  },
  {
    breaks: id.varianceBounds,
    why: `PERCENTAGE bound ${maxVariancePercent}.01`,
    apply: (card) =>
      spend(card, {
        chargeAmountVariance: {
          varianceType: 'PERCENTAGE',
          varianceLowerBound: '0',
          varianceUpperBound: `${maxVariancePercent}.01`,
        },
      }),
  },
  {
    breaks: id.varianceBounds,
    why: 'AMOUNT bound of nine digits',
    apply: (card) =>
      spend(card, {
        chargeAmountVariance: { varianceType: 'AMOUNT', varianceLowerBound: '100000000', varianceUpperBound: '1.00' },
      }),
  },
  { breaks: id.formFactor, why: 'formFactor BOTH', apply: (card) => details(card, { formFactor: 'BOTH' }) },
  {
    breaks: id.validFrom,
    why: 'validFromDate two days before cardCreationDate (more than a time zone apart)',
    apply: (card) =>
      spend(card, { validFromDate: addDays((card.cardDetails as Nested).cardCreationDate as string, -2) }),
  },
];

/** A Card that breaks exactly one named rule: a valid card with one breaker applied. */
export const invalidCardRecord: fc.Arbitrary<InvalidCase<Card>> = fc
  .tuple(cardRecord, fc.constantFrom(...cardBreakers))
  .map(([card, breaker]) => ({ value: breaker.apply(card), breaks: breaker.breaks, why: breaker.why }));
