import fc from 'fast-check';
import { cardStatuses, spendTypes, timeZones } from '../../rules/cards/enums.ts';
import { addDays } from '../../rules/cards/calendar.ts';
import { amountText, dayText, expiryText, percentText, referenceIdText } from './values.ts';
import { maxAccountingFields, maxMerchantCodes, maxUserDefinedFields } from '../../rules/cards/limits.ts';

const reconciliationItems = (max: number) =>
  // not-a-limit: a value of up to 12 characters, not the number of fields.
  fc.array(fc.record({ index: fc.nat(99).map(String), value: fc.string({ minLength: 1, maxLength: 12 }) }), {
    maxLength: max,
  });

/** The variance of a card: PERCENTAGE bounds up to maxVariancePercent, AMOUNT bounds amounts, or none. */
const variance = fc.oneof(
  fc.record({
    varianceType: fc.constant('PERCENTAGE'),
    varianceLowerBound: percentText,
    varianceUpperBound: percentText,
    minimumAuthorizationAmount: amountText,
  }),
  fc.record({
    varianceType: fc.constant('AMOUNT'),
    varianceLowerBound: amountText,
    varianceUpperBound: amountText,
    autoExpireAmount: amountText,
  }),
);

/** A Card record (GET card of a status other than IN_PROGRESS) that keeps every record rule, limits reached. */
export const cardRecord = fc
  .record({
    cardId: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    accountId: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    created: dayText,
    // not-a-limit: days ahead, not a window
    validAfterDays: fc.nat(30),
    currentAmount: amountText,
    originalAmount: fc.option(amountText, { nil: undefined }),
    spendType: fc.constantFrom(...spendTypes),
    timeZone: fc.constantFrom(...timeZones),
    merchantCodes: fc.array(fc.integer({ min: 1000, max: 9999 }).map(String), { maxLength: maxMerchantCodes }),
    variance: fc.option(variance, { nil: undefined }),
    expiryDate: expiryText,
    cardReferenceId: referenceIdText,
    status: fc.constantFrom(...cardStatuses.filter((status) => status !== 'IN_PROGRESS')),
    userDefinedFields: reconciliationItems(maxUserDefinedFields),
    accountingFields: reconciliationItems(maxAccountingFields),
  })
  .map(cardPartsToRecord);

/** The record of generated parts; pure. */
export function cardPartsToRecord(parts: {
  cardId: string;
  accountId: string;
  created: string;
  validAfterDays: number;
  currentAmount: string;
  originalAmount: string | undefined;
  spendType: string;
  timeZone: string;
  merchantCodes: string[];
  variance: Record<string, string> | undefined;
  expiryDate: string;
  cardReferenceId: string;
  status: string;
  userDefinedFields: { index: string; value: string }[];
  accountingFields: { index: string; value: string }[];
}): Record<string, unknown> {
  const validFromDate = addDays(parts.created, parts.validAfterDays);
  return {
    cardId: parts.cardId,
    accountId: parts.accountId,
    spendControls: {
      currentAmount: parts.currentAmount,
      validFromDate,
      // not-a-limit: days ahead, not a window
      validToDate: addDays(validFromDate, 30),
      spendType: parts.spendType,
      timeZone: parts.timeZone,
      allowedMerchantIndustries: parts.merchantCodes,
      ...(parts.originalAmount === undefined ? {} : { originalAmount: parts.originalAmount }),
      ...(parts.variance === undefined ? {} : { chargeAmountVariance: parts.variance }),
    },
    cardDetails: {
      cardLastFive: '12345',
      expiryDate: parts.expiryDate,
      formFactor: 'VIRTUAL',
      cardReferenceId: parts.cardReferenceId,
      cardCreationDate: parts.created,
      status: parts.status,
    },
    deliveryMethod: 'API_RESPONSE',
    reconciliationField: { userDefinedFields: parts.userDefinedFields, accountingFields: parts.accountingFields },
  };
}
