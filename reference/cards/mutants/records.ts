import { addDays } from '../../../rules/cards/calendar.ts';
import { mutant, withNested } from './define.ts';

/** Mutants of the Card and CardUser records, each breaking one record rule, most for one status only. */
export const recordMutants = [
  mutant('cards-preactive-delivery-method', 'cards.card.fields', 'The PREACTIVE cards answer deliveryMethod EMAIL.', {
    cardBody: (card, record) => (card.status === 'PREACTIVE' ? { ...record, deliveryMethod: 'EMAIL' } : record),
  }),
  mutant(
    'cards-original-amount-nine-digits',
    'cards.card.amounts',
    'Cards with an originalAmount show it with nine digits (100000000.00).',
    {
      cardBody: (_card, record) => {
        const spend = record.spendControls as Record<string, unknown> | undefined;
        return spend?.originalAmount ? withNested(record, 'spendControls', { originalAmount: '100000000.00' }) : record;
      },
    },
  ),
  mutant('cards-expired-expiry-month-13', 'cards.card.dates', 'EXPIRED cards show expiryDate with month 13.', {
    cardBody: (card, record) =>
      card.status === 'EXPIRED' ? withNested(record, 'cardDetails', { expiryDate: '13-29' }) : record,
  }),
  mutant(
    'cards-cancelled-reference-underscore',
    'cards.card.reference-id',
    'CANCELLED cards show a cardReferenceId with an underscore.',
    {
      cardBody: (card, record) =>
        card.status === 'CANCELLED'
          ? withNested(record, 'cardDetails', { cardReferenceId: `REF_${card.cardId}` })
          : record,
    },
  ),
  mutant('cards-26-merchant-codes', 'cards.card.merchant-codes', 'Cards with 25 merchant category codes show a 26th.', {
    cardBody: (_card, record) => {
      const codes = (record.spendControls as Record<string, unknown> | undefined)?.allowedMerchantIndustries as
        | string[]
        | undefined;
      return codes ? withNested(record, 'spendControls', { allowedMerchantIndustries: [...codes, '5999'] }) : record;
    },
  }),
  mutant(
    'cards-accounting-field-without-index',
    'cards.card.reconciliation',
    'The last accounting reconciliation field has a value but no index.',
    {
      cardBody: (_card, record) => {
        const fields = record.reconciliationField as
          | { accountingFields?: { index: string; value: string }[] }
          | undefined;
        if (!fields?.accountingFields) return record;
        return withNested(record, 'reconciliationField', {
          accountingFields: [...fields.accountingFields.slice(0, -1), { value: 'cost-centre-8' }],
        });
      },
    },
  ),
  mutant(
    'cards-percentage-bound-over-100',
    'cards.card.variance-bounds',
    'A PERCENTAGE variance shows its upper bound as 100.5.',
    {
      cardBody: (_card, record) => {
        const spend = record.spendControls as Record<string, unknown> | undefined;
        const variance = spend?.chargeAmountVariance as Record<string, unknown> | undefined;
        return variance?.varianceType === 'PERCENTAGE'
          ? withNested(record, 'spendControls', { chargeAmountVariance: { ...variance, varianceUpperBound: '100.5' } })
          : record;
      },
    },
  ),
  // PLASTIC and BOTH are of the enumeration ("only VIRTUAL is currently supported" is observed): a word outside it.
  mutant(
    'cards-inactive-form-factor-physical',
    'cards.card.form-factor',
    'INACTIVE cards show formFactor PHYSICAL, not one of PLASTIC, VIRTUAL, BOTH.',
    {
      cardBody: (card, record) =>
        card.status === 'INACTIVE' ? withNested(record, 'cardDetails', { formFactor: 'PHYSICAL' }) : record,
    },
  ),
  mutant(
    'cards-in-progress-full-record',
    'cards.card.in-progress',
    'IN_PROGRESS cards answer the whole Card record with an empty spendControls.',
    {
      cardBody: (card, record) => (card.status === 'IN_PROGRESS' ? { ...record, spendControls: {} } : record),
    },
  ),
  mutant(
    'cards-unsuccessful-valid-from-before-creation',
    'cards.card.valid-from',
    'UNSUCCESSFUL cards show validFromDate two days before cardCreationDate (more than a time zone apart).',
    {
      cardBody: (card, record) =>
        card.status === 'UNSUCCESSFUL'
          ? withNested(record, 'spendControls', { validFromDate: addDays(card.createdOn, -2) })
          : record,
    },
  ),
  mutant(
    'cards-deactivated-user-consent-text',
    'cards.card-user.fields',
    'DEACTIVATED card users show expressConsentObtained as the text "true".',
    {
      cardUserBody: (status, record) =>
        status === 'DEACTIVATED' ? { ...record, expressConsentObtained: 'true' } : record,
    },
  ),
  mutant(
    'cards-user-last-name-digit',
    'cards.card-user.name',
    'VERIFICATION_PENDING card users have a digit in their last name.',
    {
      cardUserBody: (status, record) =>
        status === 'VERIFICATION_PENDING' ? withNested(record, 'name', { last: "O'Neil2" }) : record,
    },
  ),
  mutant('cards-user-two-emails', 'cards.card-user.one-each', 'VERIFICATION_FAILED card users have two emails.', {
    cardUserBody: (status, record) =>
      status === 'VERIFICATION_FAILED'
        ? { ...record, email: [...(record.email as unknown[]), { type: 'WORK', emailAddress: 'work@example.test' }] }
        : record,
  }),
  mutant(
    'cards-user-country-code-one-digit',
    'cards.card-user.formats',
    'ACTIVATED card users show the phone countryCode as "1".',
    {
      cardUserBody: (status, record) =>
        status === 'ACTIVATED'
          ? { ...record, phone: [{ countryCode: '1', number: '5555550100', type: 'MOBILE' }] }
          : record,
    },
  ),
];
