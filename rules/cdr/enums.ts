/** The enumerations of part A of document 3 ("Resources and their fields", A; "Endpoints", A). */

export const productCategories = [
  'BUSINESS_LOANS', 'BUY_NOW_PAY_LATER', 'CRED_AND_CHRG_CARDS', 'LEASES', 'MARGIN_LOANS', 'OVERDRAFTS', 'PERS_LOANS',
  'REGULATED_TRUST_ACCOUNTS', 'RESIDENTIAL_MORTGAGES', 'TERM_DEPOSITS', 'TRADE_FINANCE', 'TRANS_AND_SAVINGS_ACCOUNTS', 'TRAVEL_CARDS',
] as const;
export type ProductCategory = (typeof productCategories)[number];

export const cardSchemes = ['AMEX'] as const;
export const cardTypes = ['CHARGE', 'CREDIT', 'DEBIT'] as const;

export const featureTypes = [
  'ADDITIONAL_CARDS', 'BALANCE_TRANSFERS', 'BILL_PAYMENT', 'BONUS_REWARDS', 'CARD_ACCESS', 'CASHBACK_OFFER', 'COMPLEMENTARY_PRODUCT_DISCOUNTS',
  'EXTRA_DOWN_PAYMENT', 'DIGITAL_BANKING', 'DIGITAL_WALLET', 'DONATE_INTEREST', 'EXTRA_REPAYMENTS', 'FRAUD_PROTECTION', 'FREE_TXNS',
  'FREE_TXNS_ALLOWANCE', 'FUNDS_AVAILABLE_AFTER', 'GUARANTOR', 'INSTALMENT_PLAN', 'INSURANCE', 'INTEREST_FREE', 'INTEREST_FREE_TRANSFERS',
  'LOYALTY_PROGRAM', 'NOTIFICATIONS', 'NPP_ENABLED', 'NPP_PAYID', 'OFFSET', 'OTHER', 'OVERDRAFT', 'REDRAW', 'RELATIONSHIP_MANAGEMENT', 'UNLIMITED_TXNS',
] as const;
export const constraintTypes = ['MAX_BALANCE', 'MAX_LIMIT', 'MAX_LVR', 'MIN_BALANCE', 'MIN_LIMIT', 'MIN_LVR', 'OPENING_BALANCE', 'OTHER'] as const;
export const eligibilityTypes = [
  'BUSINESS', 'EMPLOYMENT_STATUS', 'MAX_AGE', 'MIN_AGE', 'MIN_INCOME', 'MIN_TURNOVER', 'NATURAL_PERSON', 'OTHER', 'PENSION_RECIPIENT',
  'RESIDENCY_STATUS', 'STAFF', 'STUDENT',
] as const;
export const feeTypes = [
  'CASH_ADVANCE', 'DEPOSIT', 'DISHONOUR', 'ENQUIRY', 'EVENT', 'EXIT', 'LATE_PAYMENT', 'OTHER', 'PAYMENT', 'PERIODIC', 'PURCHASE', 'REPLACEMENT',
  'TRANSACTION', 'UPFRONT', 'UPFRONT_PER_PLAN', 'VARIATION', 'WITHDRAWAL',
] as const;
export const feeMethodUTypes = ['fixedAmount', 'rateBased', 'variable'] as const;
export const depositRateTypes = ['BONUS', 'BUNDLE_BONUS', 'FIXED', 'FLOATING', 'INTRODUCTORY', 'MARKET_LINKED', 'VARIABLE'] as const;
export const lendingRateTypes = [
  'BALANCE_TRANSFER', 'BUNDLE_DISCOUNT_FIXED', 'BUNDLE_DISCOUNT_VARIABLE', 'CASH_ADVANCE', 'DISCOUNT', 'FIXED', 'FLOATING', 'INTRODUCTORY',
  'MARKET_LINKED', 'PENALTY', 'PURCHASE', 'VARIABLE',
] as const;
export const applicationTypes = ['MATURITY', 'PERIODIC', 'UPFRONT'] as const;
export const repaymentTypes = ['INTEREST_ONLY', 'OTHER', 'PRINCIPAL_AND_INTEREST', 'UNCONSTRAINED'] as const;
export const loanPurposes = ['INVESTMENT', 'OTHER', 'OWNER_OCCUPIED', 'UNCONSTRAINED'] as const;
export const interestPaymentDue = ['IN_ADVANCE', 'IN_ARREARS'] as const;

/** The `effective` filter of the product list; CURRENT is the default. */
export const effectiveValues = ['CURRENT', 'FUTURE', 'ALL'] as const;
export type Effective = (typeof effectiveValues)[number];

export const serviceStatuses = ['OK', 'PARTIAL_FAILURE', 'SCHEDULED_OUTAGE', 'UNAVAILABLE'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];
