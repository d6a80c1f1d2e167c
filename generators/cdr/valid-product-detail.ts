import fc from 'fast-check';
import {
  applicationTypes,
  constraintTypes,
  discountMethodUTypes,
  discountTypes,
  tierUnitsOfMeasure,
  depositRateTypes,
  eligibilityTypes,
  featureTypes,
  feeMethodUTypes,
  feeTypes,
  interestPaymentDue,
  lendingRateTypes,
  loanPurposes,
  repaymentTypes,
} from '../../rules/cdr/enums.ts';
import { validListItem } from './valid-list-item.ts';

const text = fc.string({ minLength: 1, maxLength: 12 });
const duration = fc.constantFrom('P1D', 'P1M', 'P1Y', 'PT12H', 'P2W', 'P1Y2M3DT4H5M6.5S');
const optional = { additionalValue: text, additionalInfo: text, additionalInfoUri: fc.webUrl() };

/** An item whose OTHER type gets the additionalInfo it needs. Pure. */
export function otherWithInfo<T extends Record<string, unknown>>(typeKey: string) {
  return (item: T): T =>
    item[typeKey] === 'OTHER' && item.additionalInfo === undefined
      ? { ...item, additionalInfo: 'Described here' }
      : item;
}

/** A rate whose PERIODIC application gets the applicationFrequency it needs. Pure. */
export function periodicWithFrequency<T extends Record<string, unknown>>(rate: T): T {
  return rate.applicationType === 'PERIODIC' && rate.applicationFrequency === undefined
    ? { ...rate, applicationFrequency: 'P1M' }
    : rate;
}

/** The structure each U-type names (BankingFeeAmount, BankingFeeRate, BankingFeeRange; the discount's two). */
const structures: Record<string, Record<string, unknown>> = {
  fixedAmount: { amount: '1.00' },
  rateBased: { rateType: 'BALANCE', rate: '0.01' },
  variable: { feeMinimum: '1.00', feeMaximum: '5.00' },
};

/** A fee (or discount) carrying the structure its U-type names. Pure. */
export function feeWithStructure<T extends Record<string, unknown>>(fee: T): T {
  const method = (fee.feeMethodUType ?? fee.discountMethodUType) as string;
  return fee[method] === undefined ? { ...fee, [method]: structures[method] } : fee;
}

const typed = <T extends readonly [string, ...string[]]>(typeKey: string, types: T) =>
  fc
    .tuple(fc.constantFrom(...types), fc.record(optional, { requiredKeys: [] }))
    .map(([type, rest]) => ({ [typeKey]: type, ...rest }) as Record<string, unknown>)
    .map(otherWithInfo(typeKey));

const amount = fc.constantFrom('5.00', '0.50', '1200.00', '-3.25');
const discount = fc
  .record({
    description: text,
    discountType: fc.constantFrom(...discountTypes.filter((type) => type !== 'ELIGIBILITY_ONLY')),
    discountMethodUType: fc.constantFrom(...discountMethodUTypes),
  })
  .map(feeWithStructure);

const rate = {
  rate: fc.constantFrom('0.0425', '0.05', '0.1999'),
  applicationType: fc.constantFrom(...applicationTypes),
  calculationFrequency: duration,
  applicationFrequency: duration,
  tiers: fc.array(
    fc.record({
      name: text,
      unitOfMeasure: fc.constantFrom(...tierUnitsOfMeasure),
      minimumValue: fc.constantFrom('0', '10000', '1.5'),
    }),
    { maxLength: 2 },
  ),
  ...optional,
};

/**
 * Product detail (version 7, BankingProductDetailV7 of the standard) that keeps every rule: a valid list item plus any
 * of the detail lists.
 */
export const validProductDetail = fc
  .tuple(
    validListItem,
    fc.record(
      {
        bundles: fc.array(
          fc.record(
            {
              name: text,
              description: text,
              additionalInfo: text,
              additionalInfoUri: fc.webUrl(),
              productIds: fc.array(text, { maxLength: 3 }),
            },
            { requiredKeys: ['name', 'description'] },
          ),
          { maxLength: 2 },
        ),
        features: fc.array(typed('featureType', featureTypes), { maxLength: 3 }),
        constraints: fc.array(typed('constraintType', constraintTypes), { maxLength: 3 }),
        eligibility: fc.array(typed('eligibilityType', eligibilityTypes), { maxLength: 3 }),
        fees: fc.array(
          fc
            .record(
              {
                name: text,
                feeType: fc.constantFrom(...feeTypes),
                feeMethodUType: fc.constantFrom(...feeMethodUTypes),
                feeCap: amount,
                feeCapPeriod: duration,
                currency: fc.constantFrom('AUD', 'NZD'),
                discounts: fc.array(discount, { maxLength: 2 }),
                ...optional,
              },
              { requiredKeys: ['name', 'feeType', 'feeMethodUType'] },
            )
            .map(feeWithStructure)
            .map(otherWithInfo('feeType')),
          { maxLength: 3 },
        ),
        depositRates: fc.array(
          fc
            .record(
              { depositRateType: fc.constantFrom(...depositRateTypes), ...rate },
              { requiredKeys: ['depositRateType', 'rate', 'applicationType'] },
            )
            .map(periodicWithFrequency),
          { maxLength: 2 },
        ),
        lendingRates: fc.array(
          fc
            .record(
              {
                lendingRateType: fc.constantFrom(...lendingRateTypes),
                ...rate,
                repaymentType: fc.constantFrom(...repaymentTypes),
                loanPurpose: fc.constantFrom(...loanPurposes),
                comparisonRate: fc.constantFrom('0.0712', '0.21'),
                interestPaymentDue: fc.constantFrom(...interestPaymentDue),
              },
              { requiredKeys: ['lendingRateType', 'rate', 'applicationType', 'repaymentType', 'loanPurpose'] },
            )
            .map(periodicWithFrequency),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([item, lists]) => ({ ...item, ...lists }));
