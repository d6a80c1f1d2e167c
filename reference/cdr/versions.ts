import {
  constraintTypesV1,
  featureTypesV2,
  feeTypesV1,
  lendingRateTypesV2,
  loanPurposesV2,
  repaymentTypesV2,
} from '../../rules/cdr/enums.ts';
import type { CdrOperation } from '../../rules/cdr/endpoints.ts';
import type { CatalogueProduct } from './catalogue.ts';

/** The reference's modes: the current endpoint versions, or the older ones many holders still serve. */
export const cdrReferenceModes = ['default', 'older-versions'] as const;
export type CdrReferenceMode = (typeof cdrReferenceModes)[number];

/** The versions served per operation in each mode. */
export const servedVersions: Record<CdrReferenceMode, Record<CdrOperation, readonly number[]>> = {
  default: { list: [5], detail: [7], status: [1] },
  'older-versions': { list: [3], detail: [4], status: [1] },
};

export const isReferenceMode = (mode: string): mode is CdrReferenceMode =>
  (cdrReferenceModes as readonly string[]).includes(mode);

type Json = Record<string, unknown>;
const without = (record: Json, ...fields: string[]): Json =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
const listOf = (record: Json, key: string): Json[] => (Array.isArray(record[key]) ? (record[key] as Json[]) : []);
const within = (values: readonly string[], value: unknown) => typeof value === 'string' && values.includes(value);

/**
 * The catalogue as a holder of older versions keeps it: BankingProductCategory before BUY_NOW_PAY_LATER, so
 * those products are personal loans (filters and records then agree).
 */
export function catalogueForMode(catalogue: readonly CatalogueProduct[], mode: CdrReferenceMode): CatalogueProduct[] {
  if (mode === 'default') return [...catalogue];
  return catalogue.map(({ item, detailOnly }) => ({
    item: item.productCategory === 'BUY_NOW_PAY_LATER' ? { ...item, productCategory: 'PERS_LOANS' } : item,
    detailOnly,
  }));
}

/** A list item (BankingProductV6) as list x-v 4 (V5: no brandGroup) or x-v 3 (V4: cardArt without scheme and type). */
export function asListVersion(record: Json, version: number): Json {
  if (version >= 5) return record;
  const v5 = without(record, 'brandGroup');
  if (version === 4 || !Array.isArray(v5.cardArt)) return v5;
  return { ...v5, cardArt: listOf(v5, 'cardArt').map((art) => without(art, 'cardScheme', 'cardType')) };
}

/** A tier of BankingProductRateTierV3: numbers where V4 has strings. */
const tierV3 = (tier: Json): Json => ({
  ...without(tier, 'applicabilityConditions'),
  minimumValue: Number(tier.minimumValue),
  ...(tier.maximumValue === undefined ? {} : { maximumValue: Number(tier.maximumValue) }),
});

/** A BankingProductFeeV2 as BankingProductFee: the U-type's structure becomes amount or a named rate. */
function feeV1(fee: Json): Json {
  const rest = without(
    fee,
    'feeMethodUType',
    'fixedAmount',
    'rateBased',
    'variable',
    'feeCap',
    'feeCapPeriod',
    'discounts',
  );
  const feeType =
    fee.feeMethodUType === 'variable'
      ? 'VARIABLE'
      : within(feeTypesV1, fee.feeType)
        ? fee.feeType
        : fee.feeType === 'OTHER'
          ? 'EVENT'
          : 'TRANSACTION';
  const rate = fee.rateBased as Json | undefined;
  const rateField =
    { BALANCE: 'balanceRate', TRANSACTION: 'transactionRate', INTEREST_ACCRUED: 'accruedRate' }[
      String(rate?.rateType)
    ] ?? 'balanceRate';
  const amounts =
    fee.feeMethodUType === 'fixedAmount'
      ? { amount: (fee.fixedAmount as Json).amount }
      : fee.feeMethodUType === 'rateBased'
        ? { [rateField]: rate?.rate }
        : {};
  const discounts = listOf(fee, 'discounts').map((discount) => ({
    ...without(discount, 'discountMethodUType', 'fixedAmount', 'rateBased'),
    amount: (discount.fixedAmount as Json | undefined)?.amount ?? '1.00',
  }));
  return { ...rest, feeType, ...amounts, ...(discounts.length ? { discounts } : {}) };
}

/** A BankingProductLendingRateV3 as V2: no applicationType, the older enumerations (a value they lack is left out). */
function lendingRateV2(rate: Json): Json {
  const rest = without(rate, 'applicationType', 'applicabilityConditions', 'repaymentType', 'loanPurpose', 'tiers');
  return {
    ...rest,
    lendingRateType: within(lendingRateTypesV2, rate.lendingRateType) ? rate.lendingRateType : 'PURCHASE',
    ...(within(repaymentTypesV2, rate.repaymentType) ? { repaymentType: rate.repaymentType } : {}),
    ...(within(loanPurposesV2, rate.loanPurpose) ? { loanPurpose: rate.loanPurpose } : {}),
    ...(Array.isArray(rate.tiers) ? { tiers: listOf(rate, 'tiers').map(tierV3) } : {}),
  };
}

/** A detail (BankingProductDetailV7) as detail x-v 6 or as x-v 4 and 5 (BankingProductDetailV4/V5). */
export function asDetailVersion(record: Json, version: number): Json {
  if (version >= 7) return record;
  const features = listOf(record, 'features').map((feature) =>
    within(featureTypesV2, feature.featureType) || (version === 6 && feature.featureType === 'FUNDS_AVAILABLE_AFTER')
      ? feature
      : { ...feature, featureType: 'CASHBACK_OFFER' },
  );
  const v6: Json = {
    ...without(record, 'instalments', 'brandGroup'),
    ...(Array.isArray(record.features) ? { features } : {}),
  };
  if (version === 6) return v6;
  const base = asListVersion(v6, 3);
  const older: Json = { ...base };
  if (Array.isArray(v6.constraints))
    older.constraints = listOf(v6, 'constraints').map((constraint) =>
      within(constraintTypesV1, constraint.constraintType)
        ? constraint
        : { constraintType: 'MIN_BALANCE', additionalValue: '100.00' },
    );
  if (Array.isArray(v6.fees)) older.fees = listOf(v6, 'fees').map(feeV1);
  if (Array.isArray(v6.depositRates))
    older.depositRates = listOf(v6, 'depositRates').map((rate) => ({
      ...without(rate, 'applicationType', 'applicabilityConditions', 'tiers'),
      ...(Array.isArray(rate.tiers) ? { tiers: listOf(rate, 'tiers').map(tierV3) } : {}),
    }));
  if (Array.isArray(v6.lendingRates)) older.lendingRates = listOf(v6, 'lendingRates').map(lendingRateV2);
  return older;
}
