import { z } from 'zod';
import {
  applicationTypes, cardSchemes, cardTypes, constraintTypes, depositRateTypes, eligibilityTypes, featureTypes, feeMethodUTypes, feeTypes,
  interestPaymentDue, lendingRateTypes, loanPurposes, productCategories, repaymentTypes,
} from './enums.ts';

/** RFC 3339 date-time with a zone (Z or an offset), as the filters compare them. */
export const dateTime = z.iso.datetime({ offset: true });

/** An ISO 8601 duration (P1M, PT12H, P1Y2M3DT4H5M6.5S, P2W). */
export const isoDuration = z.string().regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, 'not an ISO 8601 duration');

/** A card image: a PNG, JPG or GIF as an http(s) link or an RFC 2397 data URI (proportions and width are not checked: the image is not fetched). */
const imageUri = z.string().refine((value) => /^data:image\/(png|jpe?g|gif)[;,]/i.test(value) || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), 'not a link or data URI of a PNG, JPG or GIF image');

const additionalUriItem = z.object({ additionalInfoUri: z.string(), description: z.string().optional() });

/** The primary URIs of additionalInformation and the additional list each one heads. */
export const additionalUriPairs = [
  ['overviewUri', 'additionalOverviewUris'],
  ['termsUri', 'additionalTermsUris'],
  ['eligibilityUri', 'additionalEligibilityUris'],
  ['feesAndPricingUri', 'additionalFeesAndPricingUris'],
  ['bundleUri', 'additionalBundleUris'],
] as const;

const additionalInformation = z.object(
  Object.fromEntries(additionalUriPairs.flatMap(([primary, list]) => [[primary, z.string().optional()], [list, z.array(additionalUriItem).optional()]])),
);

export const cardArtItem = z.object({ cardScheme: z.enum(cardSchemes), cardType: z.enum(cardTypes), imageUri, title: z.string().optional() });

/** Banking product, list item version 6. Fields the document does not name are tolerated. */
export const productV6 = z.object({
  productId: z.string(),
  lastUpdated: dateTime,
  productCategory: z.enum(productCategories),
  name: z.string(),
  description: z.string(),
  brand: z.string(),
  isTailored: z.boolean(),
  effectiveFrom: dateTime.optional(),
  effectiveTo: dateTime.optional(),
  brandName: z.string().optional(),
  applicationUri: z.string().optional(),
  additionalInformation: additionalInformation.optional(),
  cardArt: z.array(cardArtItem).optional(),
});

const typedItem = <T extends readonly [string, ...string[]]>(typeKey: string, types: T) =>
  z.object({ [typeKey]: z.enum(types), additionalValue: z.string().optional(), additionalInfo: z.string().optional(), additionalInfoUri: z.string().optional() });

const rateFields = {
  rate: z.string(),
  applicationType: z.enum(applicationTypes),
  calculationFrequency: isoDuration.optional(),
  applicationFrequency: isoDuration.optional(),
  tiers: z.array(z.unknown()).optional(),
  additionalValue: z.string().optional(),
  additionalInfo: z.string().optional(),
  additionalInfoUri: z.string().optional(),
};

/** Product detail version 7: the list fields plus its optional lists (records the document does not show are any objects). */
export const productDetailV7 = productV6.extend({
  bundles: z.array(z.object({ name: z.string(), description: z.string(), additionalInfo: z.string().optional(), additionalInfoUri: z.string().optional(), productIds: z.array(z.string()).optional() })).optional(),
  features: z.array(typedItem('featureType', featureTypes)).optional(),
  constraints: z.array(typedItem('constraintType', constraintTypes)).optional(),
  eligibility: z.array(typedItem('eligibilityType', eligibilityTypes)).optional(),
  fees: z
    .array(
      z.object({
        name: z.string(),
        feeType: z.enum(feeTypes),
        feeMethodUType: z.enum(feeMethodUTypes),
        fixedAmount: z.record(z.string(), z.unknown()).optional(),
        rateBased: z.record(z.string(), z.unknown()).optional(),
        variable: z.record(z.string(), z.unknown()).optional(),
        feeCap: z.string().optional(),
        feeCapPeriod: isoDuration.optional(),
        currency: z.string().optional(),
        additionalValue: z.string().optional(),
        additionalInfo: z.string().optional(),
        additionalInfoUri: z.string().optional(),
        discounts: z.array(z.unknown()).optional(),
      }),
    )
    .optional(),
  depositRates: z.array(z.object({ depositRateType: z.enum(depositRateTypes), ...rateFields })).optional(),
  lendingRates: z
    .array(
      z.object({
        lendingRateType: z.enum(lendingRateTypes),
        ...rateFields,
        repaymentType: z.enum(repaymentTypes),
        loanPurpose: z.enum(loanPurposes),
        comparisonRate: z.string().optional(),
        interestPaymentDue: z.enum(interestPaymentDue).optional(),
      }),
    )
    .optional(),
});
