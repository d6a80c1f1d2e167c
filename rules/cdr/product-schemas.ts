import { z } from 'zod';
import {
  applicationTypes,
  cardSchemes,
  cardTypes,
  constraintTypes,
  constraintTypesV1,
  constraintTypesV2,
  depositRateTypes,
  discountEligibilityTypes,
  discountMethodUTypes,
  discountRateTypes,
  discountTypes,
  eligibilityTypes,
  featureTypes,
  featureTypesV2,
  featureTypesV3,
  feeMethodUTypes,
  feeRateTypes,
  feeTypes,
  feeTypesV1,
  interestPaymentDue,
  lendingRateTypes,
  lendingRateTypesV2,
  loanPurposes,
  loanPurposesV2,
  productCategories,
  productCategoriesV1,
  rateApplicabilityTypes,
  rateApplicationMethods,
  repaymentTypes,
  repaymentTypesV2,
  tierUnitsOfMeasure,
} from './enums.ts';
import {
  amountString,
  currencyString,
  dateTime,
  isoDuration,
  naturalNumber,
  positiveInteger,
  rateString,
  uriString,
} from './standard-types.ts';

/**
 * The product records of the published Consumer Data Standards (release 1.36.0: cds_banking.json for the
 * current versions, the standard's obsolete endpoint pages for the older ones), one schema per version a
 * holder may serve. Conditional fields are optional here: each condition is a rule of its own
 * (product-issues.ts). Fields a version does not name are tolerated (holder extensions).
 */

export { dateTime, isoDuration };

/**
 * A card image: a PNG, JPG or GIF as an http(s) link or an RFC 2397 data URI (proportions and width are not checked:
 * the image is not fetched).
 */
const imageUri = z
  .string()
  .refine(
    (value) =>
      /^data:image\/(png|jpe?g|gif)[;,]/i.test(value) ||
      (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    'not a link or data URI of a PNG, JPG or GIF image',
  );

const additionalUriItem = z.object({ additionalInfoUri: uriString, description: z.string().optional() });

/** The primary URIs of additionalInformation and the additional list each one heads. */
export const additionalUriPairs = [
  ['overviewUri', 'additionalOverviewUris'],
  ['termsUri', 'additionalTermsUris'],
  ['eligibilityUri', 'additionalEligibilityUris'],
  ['feesAndPricingUri', 'additionalFeesAndPricingUris'],
  ['bundleUri', 'additionalBundleUris'],
] as const;

/** BankingProductAdditionalInformationV2 (every version judged here). */
const additionalInformation = z.object(
  Object.fromEntries(
    additionalUriPairs.flatMap(([primary, list]) => [
      [primary, uriString.optional()],
      [list, z.array(additionalUriItem).optional()],
    ]),
  ),
);

/** cardArt items before BankingProductCardArt (list x-v 3, detail x-v 4 and 5): title and imageUri only. */
export const cardArtItemV1 = z.object({ title: z.string().optional(), imageUri });
/** BankingProductCardArt (list x-v 4 and 5, detail x-v 6 and 7). */
export const cardArtItem = z.object({
  cardScheme: z.enum(cardSchemes),
  cardType: z.enum(cardTypes),
  imageUri,
  title: z.string().optional(),
});

/** BankingProductV4: list x-v 3, the base of detail x-v 4 and 5. */
export const productV4 = z.object({
  productId: z.string(),
  effectiveFrom: dateTime.optional(),
  effectiveTo: dateTime.optional(),
  lastUpdated: dateTime,
  productCategory: z.enum(productCategoriesV1),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  brandName: z.string().optional(),
  applicationUri: uriString.optional(),
  isTailored: z.boolean(),
  additionalInformation: additionalInformation.optional(),
  cardArt: z.array(cardArtItemV1).optional(),
});
/** BankingProductV5: list x-v 4, the base of detail x-v 6 (cardArt gains scheme and type). */
export const productV5 = productV4.extend({ cardArt: z.array(cardArtItem).optional() });
/** BankingProductV6: list x-v 5, the base of detail x-v 7 (BUY_NOW_PAY_LATER, brandGroup). */
export const productV6 = productV5.extend({
  productCategory: z.enum(productCategories),
  brandGroup: z.string().optional(),
});

const info = { additionalInfo: z.string().optional(), additionalInfoUri: uriString.optional() };
const typedItem = <T extends readonly [string, ...string[]]>(typeKey: string, types: T) =>
  z.object({ [typeKey]: z.enum(types), additionalValue: z.string().optional(), ...info });

const bundle = z.object({
  name: z.string(),
  description: z.string(),
  productIds: z.array(z.string()).optional(),
  ...info,
});

/** BankingProductRateCondition (detail x-v 4, 5) and V2 (detail x-v 6, 7). */
const rateConditionV1 = z.object({ ...info });
const rateConditionV2 = typedItem('rateApplicabilityType', rateApplicabilityTypes);
/** BankingProductRateTierV3 (numbers) and V4 (strings). */
const tierFields = {
  name: z.string(),
  unitOfMeasure: z.enum(tierUnitsOfMeasure),
  rateApplicationMethod: z.enum(rateApplicationMethods).optional(),
  ...info,
};
const tierV3 = z.object({
  ...tierFields,
  minimumValue: z.number(),
  maximumValue: z.number().optional(),
  applicabilityConditions: rateConditionV1.optional(),
});
const tierV4 = z.object({
  ...tierFields,
  minimumValue: z.string(),
  maximumValue: z.string().optional(),
  applicabilityConditions: z.array(rateConditionV2).optional(),
});

const rateCommon = {
  rate: rateString,
  calculationFrequency: isoDuration.optional(),
  applicationFrequency: isoDuration.optional(),
  additionalValue: z.string().optional(),
  ...info,
};
/** BankingProductDepositRate (detail x-v 4, 5) and V2 (detail x-v 6, 7: applicationType). */
const depositRateV1 = z.object({
  depositRateType: z.enum(depositRateTypes),
  ...rateCommon,
  tiers: z.array(tierV3).optional(),
});
const depositRateV2 = depositRateV1.extend({
  applicationType: z.enum(applicationTypes),
  tiers: z.array(tierV4).optional(),
  applicabilityConditions: z.array(rateConditionV2).optional(),
});
/** BankingProductLendingRateV2 (detail x-v 4, 5) and V3 (detail x-v 6, 7). */
const lendingRateV2 = z.object({
  lendingRateType: z.enum(lendingRateTypesV2),
  ...rateCommon,
  comparisonRate: rateString.optional(),
  interestPaymentDue: z.enum(interestPaymentDue).optional(),
  repaymentType: z.enum(repaymentTypesV2).optional(),
  loanPurpose: z.enum(loanPurposesV2).optional(),
  tiers: z.array(tierV3).optional(),
});
const lendingRateV3 = lendingRateV2.extend({
  lendingRateType: z.enum(lendingRateTypes),
  applicationType: z.enum(applicationTypes),
  repaymentType: z.enum(repaymentTypes),
  loanPurpose: z.enum(loanPurposes),
  tiers: z.array(tierV4).optional(),
  applicabilityConditions: z.array(rateConditionV2).optional(),
});

const discountEligibility = typedItem('discountEligibilityType', discountEligibilityTypes);
/** BankingProductDiscount (detail x-v 4, 5): one of the amounts or rates (a rule of its own). */
const discountV1 = z.object({
  description: z.string(),
  discountType: z.enum(discountTypes),
  amount: amountString.optional(),
  balanceRate: rateString.optional(),
  transactionRate: rateString.optional(),
  accruedRate: rateString.optional(),
  feeRate: rateString.optional(),
  additionalValue: z.string().optional(),
  eligibility: z.array(discountEligibility).optional(),
  ...info,
});
/** BankingProductDiscountV2 (detail x-v 6, 7): the structure discountMethodUType names (a rule of its own). */
const discountV2 = z.object({
  description: z.string(),
  discountType: z.enum(discountTypes),
  discountMethodUType: z.enum(discountMethodUTypes),
  fixedAmount: z.object({ amount: amountString }).optional(),
  rateBased: z
    .object({
      rateType: z.enum(discountRateTypes),
      rate: rateString,
      amountRange: z
        .object({ discountMinimum: amountString.optional(), discountMaximum: amountString.optional() })
        .optional(),
    })
    .optional(),
  additionalValue: z.string().optional(),
  eligibility: z.array(discountEligibility).optional(),
  ...info,
});
/** BankingProductFee (detail x-v 4, 5). */
const feeV1 = z.object({
  name: z.string(),
  feeType: z.enum(feeTypesV1),
  amount: amountString.optional(),
  balanceRate: rateString.optional(),
  transactionRate: rateString.optional(),
  accruedRate: rateString.optional(),
  accrualFrequency: isoDuration.optional(),
  currency: currencyString.optional(),
  additionalValue: z.string().optional(),
  discounts: z.array(discountV1).optional(),
  ...info,
});
const feeRange = z.object({ feeMinimum: amountString.optional(), feeMaximum: amountString.optional() });
/** BankingProductFeeV2 (detail x-v 6, 7). */
const feeV2 = z.object({
  name: z.string(),
  feeType: z.enum(feeTypes),
  feeMethodUType: z.enum(feeMethodUTypes),
  fixedAmount: z.object({ amount: amountString }).optional(),
  rateBased: z
    .object({
      rateType: z.enum(feeRateTypes),
      rate: rateString,
      accrualFrequency: isoDuration.optional(),
      amountRange: feeRange.optional(),
    })
    .optional(),
  variable: feeRange.optional(),
  feeCap: amountString.optional(),
  feeCapPeriod: isoDuration.optional(),
  currency: currencyString.optional(),
  additionalValue: z.string().optional(),
  discounts: z.array(discountV2).optional(),
  ...info,
});

/** BankingProductInstalments (detail x-v 7). */
const instalments = z.object({
  maximumConcurrentPlans: naturalNumber.optional(),
  instalmentsLimit: amountString.optional(),
  minimumPlanValue: amountString.optional(),
  maximumPlanValue: amountString.optional(),
  minimumSplit: positiveInteger,
  maximumSplit: positiveInteger,
});

const detailV4 = productV4.extend({
  bundles: z.array(bundle).optional(),
  features: z.array(typedItem('featureType', featureTypesV2)).optional(),
  constraints: z.array(typedItem('constraintType', constraintTypesV1)).optional(),
  eligibility: z.array(typedItem('eligibilityType', eligibilityTypes)).optional(),
  fees: z.array(feeV1).optional(),
  depositRates: z.array(depositRateV1).optional(),
  lendingRates: z.array(lendingRateV2).optional(),
});
const detailV5 = detailV4.extend({ constraints: z.array(typedItem('constraintType', constraintTypesV2)).optional() });
const detailV6 = productV5.extend({
  bundles: z.array(bundle).optional(),
  features: z.array(typedItem('featureType', featureTypesV3)).optional(),
  constraints: z.array(typedItem('constraintType', constraintTypes)).optional(),
  eligibility: z.array(typedItem('eligibilityType', eligibilityTypes)).optional(),
  fees: z.array(feeV2).optional(),
  depositRates: z.array(depositRateV2).optional(),
  lendingRates: z.array(lendingRateV3).optional(),
});
const detailV7 = productV6.extend({
  ...detailV6.omit(Object.fromEntries(Object.keys(productV5.shape).map((key) => [key, true])) as never).shape,
  features: z.array(typedItem('featureType', featureTypes)).optional(),
  instalments: instalments.optional(),
});

/** The list item schema per list endpoint version (x-v of Get Products). */
export const listItemSchemas: Readonly<Record<number, z.ZodType>> = { 3: productV4, 4: productV5, 5: productV6 };
/** The detail schema per detail endpoint version (x-v of Get Product Detail). */
export const detailSchemas: Readonly<Record<number, z.ZodType>> = {
  4: detailV4,
  5: detailV5,
  6: detailV6,
  7: detailV7,
};
export const productDetailV7 = detailV7;

/** The versions the harness has schemas for, per operation. */
export const knownVersions = { list: [3, 4, 5], detail: [4, 5, 6, 7], status: [1] } as const;
