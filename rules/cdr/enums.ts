/**
 * The enumerations of part A of document 3 ("Resources and their fields", A; "Endpoints", A) and of the
 * published Consumer Data Standards (release 1.36.0) it summarises: where an older endpoint version had a
 * shorter list, that list is named after the version that introduced the longer one.
 */

export const productCategories = [
  'BUSINESS_LOANS',
  'BUY_NOW_PAY_LATER',
  'CRED_AND_CHRG_CARDS',
  'LEASES',
  'MARGIN_LOANS',
  'OVERDRAFTS',
  'PERS_LOANS',
  'REGULATED_TRUST_ACCOUNTS',
  'RESIDENTIAL_MORTGAGES',
  'TERM_DEPOSITS',
  'TRADE_FINANCE',
  'TRANS_AND_SAVINGS_ACCOUNTS',
  'TRAVEL_CARDS',
] as const;
export type ProductCategory = (typeof productCategories)[number];
/** BankingProductCategory (list x-v 3 and 4, detail x-v 4 to 6): the list before BUY_NOW_PAY_LATER. */
export const productCategoriesV1 = productCategories.filter(
  (category) => category !== 'BUY_NOW_PAY_LATER',
) as unknown as readonly [ProductCategory, ...ProductCategory[]];

/** BankingProductCardArt.cardScheme of the standard (document 3 shows only AMEX). */
export const cardSchemes = ['AMEX', 'EFTPOS', 'MASTERCARD', 'VISA', 'OTHER'] as const;
export const cardTypes = ['CHARGE', 'CREDIT', 'DEBIT'] as const;

export const featureTypes = [
  'ADDITIONAL_CARDS',
  'BALANCE_TRANSFERS',
  'BILL_PAYMENT',
  'BONUS_REWARDS',
  'CARD_ACCESS',
  'CASHBACK_OFFER',
  'COMPLEMENTARY_PRODUCT_DISCOUNTS',
  'EXTRA_DOWN_PAYMENT',
  'DIGITAL_BANKING',
  'DIGITAL_WALLET',
  'DONATE_INTEREST',
  'EXTRA_REPAYMENTS',
  'FRAUD_PROTECTION',
  'FREE_TXNS',
  'FREE_TXNS_ALLOWANCE',
  'FUNDS_AVAILABLE_AFTER',
  'GUARANTOR',
  'INSTALMENT_PLAN',
  'INSURANCE',
  'INTEREST_FREE',
  'INTEREST_FREE_TRANSFERS',
  'LOYALTY_PROGRAM',
  'NOTIFICATIONS',
  'NPP_ENABLED',
  'NPP_PAYID',
  'OFFSET',
  'OTHER',
  'OVERDRAFT',
  'REDRAW',
  'RELATIONSHIP_MANAGEMENT',
  'UNLIMITED_TXNS',
] as const;
/**
 * BankingProductFeatureV2 (detail x-v 4, 5) and V3 (detail x-v 6): V4 without EXTRA_DOWN_PAYMENT, V2 also without
 * FUNDS_AVAILABLE_AFTER.
 */
export const featureTypesV3 = featureTypes.filter((type) => type !== 'EXTRA_DOWN_PAYMENT') as unknown as readonly [
  string,
  ...string[],
];
export const featureTypesV2 = featureTypesV3.filter((type) => type !== 'FUNDS_AVAILABLE_AFTER') as unknown as readonly [
  string,
  ...string[],
];
export const constraintTypes = [
  'MAX_BALANCE',
  'MAX_LIMIT',
  'MAX_LVR',
  'MIN_BALANCE',
  'MIN_LIMIT',
  'MIN_LVR',
  'OPENING_BALANCE',
  'OTHER',
] as const;
/** BankingProductConstraint (detail x-v 4) and V2 (detail x-v 5). */
export const constraintTypesV1 = ['MAX_BALANCE', 'MAX_LIMIT', 'MIN_BALANCE', 'MIN_LIMIT', 'OPENING_BALANCE'] as const;
export const constraintTypesV2 = [
  'MAX_BALANCE',
  'MAX_LIMIT',
  'MAX_LVR',
  'MIN_BALANCE',
  'MIN_LIMIT',
  'MIN_LVR',
  'OPENING_BALANCE',
] as const;
export const eligibilityTypes = [
  'BUSINESS',
  'EMPLOYMENT_STATUS',
  'MAX_AGE',
  'MIN_AGE',
  'MIN_INCOME',
  'MIN_TURNOVER',
  'NATURAL_PERSON',
  'OTHER',
  'PENSION_RECIPIENT',
  'RESIDENCY_STATUS',
  'STAFF',
  'STUDENT',
] as const;
export const feeTypes = [
  'CASH_ADVANCE',
  'DEPOSIT',
  'DISHONOUR',
  'ENQUIRY',
  'EVENT',
  'EXIT',
  'LATE_PAYMENT',
  'OTHER',
  'PAYMENT',
  'PERIODIC',
  'PURCHASE',
  'REPLACEMENT',
  'TRANSACTION',
  'UPFRONT',
  'UPFRONT_PER_PLAN',
  'VARIATION',
  'WITHDRAWAL',
] as const;
/** BankingProductFee (detail x-v 4, 5). */
export const feeTypesV1 = [
  'DEPOSIT',
  'EVENT',
  'EXIT',
  'PAYMENT',
  'PERIODIC',
  'PURCHASE',
  'TRANSACTION',
  'UPFRONT',
  'VARIABLE',
  'WITHDRAWAL',
] as const;
export const feeMethodUTypes = ['fixedAmount', 'rateBased', 'variable'] as const;
export const depositRateTypes = [
  'BONUS',
  'BUNDLE_BONUS',
  'FIXED',
  'FLOATING',
  'INTRODUCTORY',
  'MARKET_LINKED',
  'VARIABLE',
] as const;
export const lendingRateTypes = [
  'BALANCE_TRANSFER',
  'BUNDLE_DISCOUNT_FIXED',
  'BUNDLE_DISCOUNT_VARIABLE',
  'CASH_ADVANCE',
  'DISCOUNT',
  'FIXED',
  'FLOATING',
  'INTRODUCTORY',
  'MARKET_LINKED',
  'PENALTY',
  'PURCHASE',
  'VARIABLE',
] as const;
/** BankingProductLendingRateV2 (detail x-v 4, 5). */
export const lendingRateTypesV2 = lendingRateTypes.filter(
  (type) => type !== 'BALANCE_TRANSFER',
) as unknown as readonly [string, ...string[]];
export const applicationTypes = ['MATURITY', 'PERIODIC', 'UPFRONT'] as const;
export const repaymentTypes = ['INTEREST_ONLY', 'OTHER', 'PRINCIPAL_AND_INTEREST', 'UNCONSTRAINED'] as const;
export const loanPurposes = ['INVESTMENT', 'OTHER', 'OWNER_OCCUPIED', 'UNCONSTRAINED'] as const;
export const interestPaymentDue = ['IN_ADVANCE', 'IN_ARREARS'] as const;
export const repaymentTypesV2 = ['INTEREST_ONLY', 'PRINCIPAL_AND_INTEREST'] as const;
export const loanPurposesV2 = ['INVESTMENT', 'OWNER_OCCUPIED'] as const;
export const discountTypes = ['BALANCE', 'DEPOSITS', 'ELIGIBILITY_ONLY', 'FEE_CAP', 'PAYMENTS'] as const;
export const discountMethodUTypes = ['fixedAmount', 'rateBased'] as const;
export const discountEligibilityTypes = [
  'BUSINESS',
  'EMPLOYMENT_STATUS',
  'INTRODUCTORY',
  'MAX_AGE',
  'MIN_AGE',
  'MIN_INCOME',
  'MIN_TURNOVER',
  'NATURAL_PERSON',
  'OTHER',
  'PENSION_RECIPIENT',
  'RESIDENCY_STATUS',
  'STAFF',
  'STUDENT',
] as const;
export const feeRateTypes = ['BALANCE', 'INTEREST_ACCRUED', 'TRANSACTION'] as const;
export const discountRateTypes = ['BALANCE', 'FEE', 'INTEREST_ACCRUED', 'TRANSACTION'] as const;
export const tierUnitsOfMeasure = ['DAY', 'DOLLAR', 'MONTH', 'PERCENT'] as const;
export const rateApplicationMethods = ['PER_TIER', 'WHOLE_BALANCE'] as const;
export const rateApplicabilityTypes = [
  'MIN_DEPOSITS',
  'MIN_DEPOSIT_AMOUNT',
  'DEPOSIT_BALANCE_INCREASED',
  'EXISTING_CUST',
  'NEW_ACCOUNTS',
  'NEW_CUSTOMER',
  'NEW_CUSTOMER_TO_GROUP',
  'ONLINE_ONLY',
  'OTHER',
  'MIN_PURCHASES',
  'MAX_WITHDRAWALS',
  'MAX_WITHDRAWAL_AMOUNT',
] as const;

/** The `effective` filter of the product list; CURRENT is the default. */
export const effectiveValues = ['CURRENT', 'FUTURE', 'ALL'] as const;
export type Effective = (typeof effectiveValues)[number];

export const serviceStatuses = ['OK', 'PARTIAL_FAILURE', 'SCHEDULED_OUTAGE', 'UNAVAILABLE'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];
