import {
  constraintTypes,
  eligibilityTypes,
  featureTypes,
  productCategories,
  type ProductCategory,
} from '../../rules/cdr/enums.ts';

/** One product of the reference: its list item (version 6) and the detail-only fields (version 7). */
export interface CatalogueProduct {
  item: Record<string, unknown>;
  detailOnly: Record<string, unknown>;
}

const day = 86_400_000;
export const catalogueSize = 390;
export const referenceBrands = ['Harbour Bank', 'Outback Credit Union', 'Coral Mutual', 'Summit Savings'] as const;

const depositCategories: readonly ProductCategory[] = [
  'TERM_DEPOSITS',
  'TRANS_AND_SAVINGS_ACCOUNTS',
  'REGULATED_TRUST_ACCOUNTS',
];
const cardCategories: readonly ProductCategory[] = ['CRED_AND_CHRG_CARDS', 'TRAVEL_CARDS'];
const iso = (ms: number) => new Date(ms).toISOString();
/** A 1x1 PNG as an RFC 2397 data URI. */
const pngDataUri =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The effective window of the i-th product, days away from `now` so the run's clock never sits on an edge:
 * always current, current since the past (open or closed end), retired, and future (open or closed end).
 */
function effectiveWindow(index: number, now: number): Record<string, string> {
  switch (index % 6) {
    case 0:
      return {};
    case 1:
      return { effectiveFrom: iso(now - (200 + index) * day) };
    case 2:
      return { effectiveFrom: iso(now - (30 + index) * day), effectiveTo: iso(now + (60 + index) * day) };
    case 3:
      return { effectiveFrom: iso(now - (900 + index) * day), effectiveTo: iso(now - (20 + (index % 50)) * day) };
    case 4:
      return { effectiveFrom: iso(now + (15 + (index % 40)) * day), effectiveTo: iso(now + (500 + index) * day) };
    default:
      return { effectiveFrom: iso(now + (5 + (index % 90)) * day) };
  }
}

/** additionalInformation: none, a primary URI alone, or primary URIs heading additional lists. */
function additionalInformation(index: number, base: string): Record<string, unknown> | undefined {
  if (index % 3 === 0) return undefined;
  if (index % 3 === 1) return { overviewUri: `${base}/overview` };
  return {
    overviewUri: `${base}/overview`,
    additionalOverviewUris: [{ additionalInfoUri: `${base}/overview/more`, description: 'More about it' }],
    termsUri: `${base}/terms`,
    additionalTermsUris: [{ additionalInfoUri: `${base}/terms/2024` }],
    feesAndPricingUri: `${base}/fees`,
    ...(index % 5 === 0
      ? {
          eligibilityUri: `${base}/eligibility`,
          additionalEligibilityUris: [{ additionalInfoUri: `${base}/eligibility/business` }],
          bundleUri: `${base}/bundles`,
          additionalBundleUris: [{ additionalInfoUri: `${base}/bundles/home` }],
        }
      : {}),
  };
}

function listItem(index: number, now: number): Record<string, unknown> {
  const category = productCategories[index % productCategories.length] as ProductCategory;
  const brand = referenceBrands[index % referenceBrands.length] as string;
  const productId = `prd-${String(index + 1).padStart(4, '0')}`;
  const base = `https://bank.example/products/${productId}`;
  const info = additionalInformation(index, base);
  return {
    productId,
    // Spread over two years, distinct to the second, so updated-since cuts between any two products.
    lastUpdated: iso(Math.floor((now - ((index * 7919) % 730) * day - index * 61_000) / 1000) * 1000),
    productCategory: category,
    name: `${brand} ${category.toLowerCase().replaceAll('_', ' ')} ${index + 1}`,
    description: `Product ${index + 1} of ${brand}.`,
    brand,
    ...(index % 4 === 0 ? {} : { brandName: `${brand} Ltd` }),
    isTailored: index % 10 === 3,
    ...effectiveWindow(index, now),
    ...(index % 2 === 0 ? { applicationUri: `${base}/apply` } : {}),
    ...(info ? { additionalInformation: info } : {}),
    ...(cardCategories.includes(category)
      ? {
          cardArt: [
            {
              cardScheme: (['AMEX', 'VISA', 'MASTERCARD'] as const)[index % 3],
              cardType: index % 2 === 0 ? 'CREDIT' : 'CHARGE',
              title: 'Classic',
              imageUri: `${base}/card.png`,
            },
            { cardScheme: index % 5 === 0 ? 'EFTPOS' : 'AMEX', cardType: 'DEBIT', imageUri: pngDataUri },
          ],
        }
      : {}),
  };
}

/** additionalInfo with its URI, which an OTHER type requires. */
function infoOf(index: number, what: string): Record<string, string> {
  return {
    additionalInfo: `${what} of product ${index + 1}`,
    additionalInfoUri: `https://bank.example/info/${index + 1}`,
  };
}

/** A periodic fee with a cap; every third product an OTHER fee, every eighth a variable one with a discount. */
function feesOf(index: number): Record<string, unknown>[] {
  const monthly = {
    name: 'Monthly fee',
    feeType: 'PERIODIC',
    feeMethodUType: 'fixedAmount',
    fixedAmount: { amount: '5.00' },
    feeCap: '60.00',
    feeCapPeriod: 'P1Y',
  };
  const other = {
    name: 'Other fee',
    feeType: 'OTHER',
    feeMethodUType: 'rateBased',
    rateBased: { rateType: 'BALANCE', rate: '0.01' },
    currency: 'AUD',
    ...infoOf(index, 'Other fee'),
  };
  const variable = {
    name: 'Variable fee',
    feeType: 'TRANSACTION',
    feeMethodUType: 'variable',
    variable: { feeMinimum: '1.00', feeMaximum: '5.00' },
    discounts: [
      {
        description: 'Loyalty',
        discountType: 'BALANCE',
        discountMethodUType: 'fixedAmount',
        fixedAmount: { amount: '1.00' },
        additionalValue: '5000.00',
      },
    ],
  };
  return [monthly, ...(index % 3 === 0 ? [other] : []), ...(index % 8 === 0 ? [variable] : [])];
}

/** The product's features, constraints and eligibility: each a listed type, OTHER (with its info) now and then. */
function termsOf(index: number): Record<string, unknown> {
  const featureType = featureTypes[index % featureTypes.length];
  const eligibilityType = eligibilityTypes[index % eligibilityTypes.length];
  return {
    features: [
      { featureType: featureType === 'OTHER' ? 'CASHBACK_OFFER' : featureType },
      ...(index % 5 === 0 ? [{ featureType: 'OTHER', additionalValue: 'x', ...infoOf(index, 'Other feature') }] : []),
    ],
    constraints:
      index % 4 === 0
        ? [{ constraintType: 'OTHER', ...infoOf(index, 'Other constraint') }]
        : [{ constraintType: constraintTypes[index % (constraintTypes.length - 1)], additionalValue: '1000.00' }],
    eligibility:
      index % 7 === 0
        ? [{ eligibilityType: 'OTHER', ...infoOf(index, 'Other eligibility') }]
        : [{ eligibilityType: eligibilityType === 'OTHER' ? 'STAFF' : eligibilityType, additionalValue: '18' }],
  };
}

/** Every ninth product is in a bundle with the next one. */
function bundlesOf(index: number): Record<string, unknown> {
  if (index % 9 !== 0) return {};
  const productIds = [`prd-${String(((index + 1) % 390) + 1).padStart(4, '0')}`];
  return { bundles: [{ name: 'Home bundle', description: 'Save with a bundle', productIds }] };
}

/** A deposit's rates: a tiered variable one paid monthly, a fixed one paid at maturity. */
const depositRates = () => [
  {
    depositRateType: 'VARIABLE',
    rate: '0.0425',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    calculationFrequency: 'P1D',
    tiers: [
      {
        name: 'Up to 10k',
        unitOfMeasure: 'DOLLAR',
        minimumValue: '0',
        maximumValue: '10000',
        rateApplicationMethod: 'WHOLE_BALANCE',
      },
    ],
  },
  { depositRateType: 'FIXED', rate: '0.0480', applicationType: 'MATURITY', additionalValue: 'P6M' },
];

/** A loan's rates: a variable one charged monthly (its purpose by the product), a fixed one charged upfront. */
const loanRates = (index: number) => [
  {
    lendingRateType: 'VARIABLE',
    rate: '0.0699',
    comparisonRate: '0.0712',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    calculationFrequency: 'P1D',
    repaymentType: 'PRINCIPAL_AND_INTEREST',
    loanPurpose: index % 2 === 0 ? 'OWNER_OCCUPIED' : 'INVESTMENT',
    interestPaymentDue: 'IN_ARREARS',
  },
  {
    lendingRateType: 'FIXED',
    rate: '0.0649',
    applicationType: 'UPFRONT',
    repaymentType: 'INTEREST_ONLY',
    loanPurpose: 'OTHER',
  },
];

/** A card's rate: purchases, charged monthly. */
const cardRates = () => [
  {
    lendingRateType: 'PURCHASE',
    rate: '0.2099',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    repaymentType: 'UNCONSTRAINED',
    loanPurpose: 'UNCONSTRAINED',
  },
];

/** Deposit rates for a deposit, lending rates for a loan or a card: fresh lists for each product. */
function ratesOf(index: number, category: ProductCategory): Record<string, unknown> {
  if (depositCategories.includes(category)) return { depositRates: depositRates() };
  return { lendingRates: cardCategories.includes(category) ? cardRates() : loanRates(index) };
}

/**
 * The detail-only lists, exercising every conditional rule (OTHER types with additionalInfo, PERIODIC rates with
 * applicationFrequency).
 */
function detailOnly(index: number, category: ProductCategory): Record<string, unknown> {
  return { ...termsOf(index), fees: feesOf(index), ...bundlesOf(index), ...ratesOf(index, category) };
}

/**
 * The reference's catalogue, relative to the time it starts: several hundred products over four brands and all thirteen
 * categories.
 */
export function buildCatalogue(now: number): CatalogueProduct[] {
  return Array.from({ length: catalogueSize }, (_, index) => {
    const item = listItem(index, now);
    return { item, detailOnly: detailOnly(index, item.productCategory as ProductCategory) };
  });
}
