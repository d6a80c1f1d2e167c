import fc from 'fast-check';
import { addDays } from '../../rules/cards/calendar.ts';
import type { InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { cardRecord } from './card-record.ts';
import { maxMerchantCodes, maxUserDefinedFields, maxVariancePercent } from '../../rules/cards/limits.ts';

type Card = Record<string, unknown>;
type Nested = Record<string, unknown>;

/** A change of a valid Card that breaks exactly one rule. */
interface Breaker {
  breaks: RuleId;
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
  { breaks: 'cards.card.fields', why: 'deliveryMethod EMAIL', apply: (card) => ({ ...card, deliveryMethod: 'EMAIL' }) },
  {
    breaks: 'cards.card.fields',
    why: 'cardDetails.status not a card status',
    apply: (card) => details(card, { status: 'ACTIVATED' }),
  },
  {
    breaks: 'cards.card.fields',
    why: 'cardLastFive missing',
    apply: (card) => details(card, { cardLastFive: undefined }),
  },
  {
    breaks: 'cards.card.amounts',
    why: 'currentAmount with nine digits',
    apply: (card) => spend(card, { currentAmount: '100000000.00' }),
  },
  {
    breaks: 'cards.card.amounts',
    why: 'negative currentAmount',
    apply: (card) => spend(card, { currentAmount: '-0.01' }),
  },
  {
    breaks: 'cards.card.amounts',
    why: 'originalAmount with three decimals',
    apply: (card) => spend(card, { originalAmount: '1.005' }),
  },
  { breaks: 'cards.card.dates', why: 'expiryDate month 13', apply: (card) => details(card, { expiryDate: '13-30' }) },
  {
    breaks: 'cards.card.dates',
    why: 'validToDate a day that does not exist',
    apply: (card) => spend(card, { validToDate: '2031-02-30' }),
  },
  {
    breaks: 'cards.card.reference-id',
    why: 'cardReferenceId with an underscore',
    apply: (card) => details(card, { cardReferenceId: 'REF_1' }),
  },
  {
    breaks: 'cards.card.merchant-codes',
    why: '26 merchant category codes',
    apply: (card) =>
      spend(card, {
        allowedMerchantIndustries: Array.from({ length: maxMerchantCodes + 1 }, (_, index) => String(5000 + index)),
      }),
  },
  {
    breaks: 'cards.card.reconciliation',
    why: '13 user-defined fields',
    apply: (card) => ({
      ...card,
      reconciliationField: { userDefinedFields: items(maxUserDefinedFields + 1), accountingFields: [] },
    }),
  },
  {
    breaks: 'cards.card.reconciliation',
    why: '9 accounting fields',
    apply: (card) => ({ ...card, reconciliationField: { accountingFields: items(9) } }),
  },
  {
    breaks: 'cards.card.reconciliation',
    why: 'a value without an index',
    apply: (card) => ({ ...card, reconciliationField: { userDefinedFields: [{ value: 'x' }] } }),
  },
  {
    breaks: 'cards.card.variance-bounds',
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
    breaks: 'cards.card.variance-bounds',
    why: 'AMOUNT bound of nine digits',
    apply: (card) =>
      spend(card, {
        chargeAmountVariance: { varianceType: 'AMOUNT', varianceLowerBound: '100000000', varianceUpperBound: '1.00' },
      }),
  },
  {
    breaks: 'cards.card.form-factor',
    why: 'formFactor PHYSICAL (not one of the enumeration)',
    apply: (card) => details(card, { formFactor: 'PHYSICAL' }),
  },
  {
    breaks: 'cards.card.form-factor',
    why: 'formFactor virtual (lower case)',
    apply: (card) => details(card, { formFactor: 'virtual' }),
  },
  {
    breaks: 'cards.card.valid-from',
    why: 'validFromDate two days before cardCreationDate (more than a time zone apart)',
    apply: (card) =>
      spend(card, { validFromDate: addDays((card.cardDetails as Nested).cardCreationDate as string, -2) }),
  },
];

/** A Card that breaks exactly one named rule: a valid card with one breaker applied. */
export const invalidCardRecord: fc.Arbitrary<InvalidCase<Card>> = fc
  .tuple(cardRecord, fc.constantFrom(...cardBreakers))
  .map(([card, breaker]) => ({ value: breaker.apply(card), breaks: breaker.breaks, why: breaker.why }));
