/**
 * Open-banking product data holder (document 3, part A): Get Products (x-v 5),
 * Get Product Detail (x-v 7) and discovery Get Status (x-v 1), following the
 * Australian Consumer Data Standards where the document is silent.
 *
 * Only `node:` built-ins are used. Data is seeded once at start (no mutation),
 * so memory is bounded by the seed; request bodies are capped and discarded.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlindService {
  /** The base address the document's paths are relative to, on 127.0.0.1 and a port chosen by the OS (listen on port 0). */
  baseUrl: string;
  /** The `families.cdr` section of a targets.json entry for this service, as docs/targets-reference.md documents it.
   *  Secrets appear as `${BLIND_CDR_...}` placeholders; their values are in `env`. */
  section: Record<string, unknown>;
  /** Values of the placeholders in `section`. */
  env: Record<string, string>;
  /** Stops the server and every timer it started. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

const BASE_PATH = '/cds-au';
const LIST_PATH = `${BASE_PATH}/v1/banking/products`;
const STATUS_PATH = `${BASE_PATH}/v1/discovery/status`;

/** "each operation has its own endpoint version (product list 5, product detail 7, status 1)". */
const SUPPORTED_VERSIONS = {
  list: [5],
  detail: [7],
  status: [1],
} as const;

/** "Products page-size default 25", "Products page default 1". */
const DEFAULT_PAGE_SIZE = 25;
const DEFAULT_PAGE = 1;
/** CDS pagination: "A maximum page size of 1000 records is assumed for all endpoints". */
const MAX_PAGE_SIZE = 1000;
/** Request bodies are never used by these GET endpoints; anything beyond this is cut off. */
const MAX_REQUEST_BODY_BYTES = 16 * 1024;

const PRODUCT_CATEGORIES = [
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
type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

const EFFECTIVE_VALUES = ['CURRENT', 'FUTURE', 'ALL'] as const;
type Effective = (typeof EFFECTIVE_VALUES)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------
// Error catalogue: application-specific codes, each extending a standard CDR URN
// ("an application-specific code or the standard error-code URN"; "meta ... urn
// ... mandatory for application-specific codes"). Titles are constant per code
// ("title ... does not change between occurrences").
// ---------------------------------------------------------------------------

interface ErrorDef {
  code: string;
  title: string;
  urn: string;
}

const URN = 'urn:au-cds:error:cds-all:';
const ERR = {
  headerMissing: { code: 'WMB-HDR-0001', title: 'Missing Required Header', urn: `${URN}Header/Missing` },
  headerInvalid: { code: 'WMB-HDR-0002', title: 'Invalid Header', urn: `${URN}Header/Invalid` },
  versionInvalid: { code: 'WMB-HDR-0003', title: 'Invalid Version', urn: `${URN}Header/InvalidVersion` },
  versionUnsupported: {
    code: 'WMB-HDR-0004',
    title: 'Unsupported Version',
    urn: `${URN}Header/UnsupportedVersion`,
  },
  notAcceptable: { code: 'WMB-HDR-0005', title: 'Not Acceptable Media Type', urn: `${URN}GeneralError/Expected` },
  fieldInvalid: { code: 'WMB-FLD-0001', title: 'Invalid Field', urn: `${URN}Field/Invalid` },
  dateTimeInvalid: { code: 'WMB-FLD-0002', title: 'Invalid Date', urn: `${URN}Field/InvalidDateTime` },
  pageSizeInvalid: { code: 'WMB-FLD-0003', title: 'Invalid Page Size', urn: `${URN}Field/InvalidPageSize` },
  pageInvalid: { code: 'WMB-FLD-0004', title: 'Invalid Page', urn: `${URN}Field/InvalidPage` },
  productInvalid: { code: 'WMB-RES-0001', title: 'Invalid Resource', urn: `${URN}Resource/Invalid` },
  resourceNotFound: { code: 'WMB-RES-0002', title: 'Resource Not Found', urn: `${URN}Resource/NotFound` },
  methodNotAllowed: { code: 'WMB-GEN-0001', title: 'Method Not Allowed', urn: `${URN}GeneralError/Expected` },
  unauthorised: { code: 'WMB-GEN-0002', title: 'Unauthorised', urn: `${URN}GeneralError/Expected` },
  unexpected: { code: 'WMB-GEN-0500', title: 'Unexpected Error Encountered', urn: `${URN}GeneralError/Unexpected` },
} satisfies Record<string, ErrorDef>;

interface ErrorV2 {
  code: string;
  title: string;
  detail: string;
  meta: { urn: string };
}

function makeError(def: ErrorDef, detail: string): ErrorV2 {
  return { code: def.code, title: def.title, detail, meta: { urn: def.urn } };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorV2[],
    readonly headers: OutgoingHttpHeaders = {},
  ) {
    super(errors.map((e) => e.detail).join('; '));
  }
}

// ---------------------------------------------------------------------------
// Product records
// ---------------------------------------------------------------------------

type Json = Record<string, unknown>;

interface StoredProduct {
  productId: string;
  brand: string;
  productCategory: ProductCategory;
  lastUpdatedMs: number;
  effectiveFromMs?: number;
  effectiveToMs?: number;
  /** BankingProductV6 list item, serialised once. */
  listItem: Json;
  /** BankingProductDetailV7, serialised once. */
  detail: Json;
}

/** All seeded timestamps are written in Australian Eastern Standard Time (+10:00), RFC 3339 with an offset. */
function formatAest(ms: number): string {
  const iso = new Date(ms + 10 * HOUR_MS).toISOString();
  return `${iso.slice(0, 19)}+10:00`;
}

interface BrandDef {
  brand: string;
  brandName?: string;
  code: string;
  site: string;
}

const BRANDS: BrandDef[] = [
  { brand: 'WATTLE', brandName: 'Wattle Mutual Bank', code: 'WTL', site: 'https://www.wattlemutual.example.com.au' },
  { brand: 'GIDGEE', brandName: 'Gidgee Direct', code: 'GDG', site: 'https://gidgee.example.com.au' },
  // Single-label brand without a display name: brandName is optional in the list item.
  { brand: 'SALTBUSH', code: 'SLB', site: 'https://business.saltbush.example.com.au' },
];

const CATEGORY_NAMES: Record<ProductCategory, { code: string; names: string[] }> = {
  BUSINESS_LOANS: { code: 'BL', names: ['Business Term Loan', 'Equipment Finance Loan', 'Business Line of Credit'] },
  BUY_NOW_PAY_LATER: { code: 'BN', names: ['Pay in Four', 'Flex Pay Later', 'Split Purchase Plan'] },
  CRED_AND_CHRG_CARDS: { code: 'CC', names: ['Low Rate Card', 'Platinum Rewards Card', 'Charge Card'] },
  LEASES: { code: 'LS', names: ['Novated Car Lease', 'Fleet Operating Lease', 'Equipment Lease'] },
  MARGIN_LOANS: { code: 'ML', names: ['Share Margin Loan', 'Managed Fund Margin Loan', 'Investment Lending'] },
  OVERDRAFTS: { code: 'OD', names: ['Personal Overdraft', 'Business Overdraft', 'Secured Overdraft'] },
  PERS_LOANS: { code: 'PL', names: ['Fixed Personal Loan', 'Green Car Loan', 'Debt Consolidation Loan'] },
  REGULATED_TRUST_ACCOUNTS: {
    code: 'RT',
    names: ['Solicitor Trust Account', 'Real Estate Trust Account', 'Conveyancer Trust Account'],
  },
  RESIDENTIAL_MORTGAGES: {
    code: 'RM',
    names: ['Basic Variable Home Loan', 'Fixed Rate Home Loan', 'Investor Home Loan'],
  },
  TERM_DEPOSITS: { code: 'TD', names: ['Term Deposit', 'Notice Saver Term Deposit', 'Business Term Deposit'] },
  TRADE_FINANCE: { code: 'TF', names: ['Import Letter of Credit', 'Trade Finance Facility', 'Export Invoice Finance'] },
  TRANS_AND_SAVINGS_ACCOUNTS: {
    code: 'TS',
    names: ['Everyday Account', 'Bonus Saver', 'Kids Saver Account'],
  },
  TRAVEL_CARDS: { code: 'TC', names: ['Multi-Currency Travel Card', 'Travel Money Card', 'Global Wallet Card'] },
};

const LENDING = new Set<ProductCategory>([
  'BUSINESS_LOANS',
  'BUY_NOW_PAY_LATER',
  'CRED_AND_CHRG_CARDS',
  'LEASES',
  'MARGIN_LOANS',
  'OVERDRAFTS',
  'PERS_LOANS',
  'RESIDENTIAL_MORTGAGES',
  'TRADE_FINANCE',
]);

/** Number of seeded products: 72 currently effective (3 default pages), 16 future, 8 retired. */
const SEED_COUNT = 96;

function seedProducts(startMs: number): StoredProduct[] {
  const anchor = Math.floor(startMs / 1000) * 1000;
  const drafts: Omit<StoredProduct, 'listItem' | 'detail'>[] = [];
  for (let i = 0; i < SEED_COUNT; i++) {
    const category = PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length] as ProductCategory;
    const brand = BRANDS[(i + Math.floor(i / PRODUCT_CATEGORIES.length)) % BRANDS.length] as BrandDef;
    // A permutation of 0..95 so update times are spread over ~14 months and do not follow the categories.
    const age = (i * 37) % SEED_COUNT;
    const lastUpdatedMs =
      anchor - HOUR_MS - age * 4.5 * DAY_MS - ((i * 7) % 20) * HOUR_MS - ((i * 13) % 60) * MINUTE_MS;
    const window = effectiveWindow(i, anchor);
    drafts.push({
      productId: `${brand.code}-${CATEGORY_NAMES[category].code}-${String(1001 + i * 7)}`,
      brand: brand.brand,
      productCategory: category,
      lastUpdatedMs,
      ...window,
    });
  }
  return drafts.map((draft, i) => {
    const brand = BRANDS.find((b) => b.brand === draft.brand) as BrandDef;
    const listItem = buildListItem(draft, brand, i);
    const detail = { ...listItem, ...buildDetailExtras(draft, brand, i, drafts) };
    return { ...draft, listItem, detail };
  });
}

/** Windows sit days away from the start time, far outside any clock-skew margin. */
function effectiveWindow(i: number, anchor: number): { effectiveFromMs?: number; effectiveToMs?: number } {
  const slot = i % 12;
  if (slot <= 8) {
    switch (i % 4) {
      case 0:
        return {}; // no window: effective for all time
      case 1:
        return { effectiveFromMs: anchor - (40 + (i % 300)) * DAY_MS };
      case 2:
        return { effectiveFromMs: anchor - (90 + i) * DAY_MS, effectiveToMs: anchor + (30 + i) * DAY_MS };
      default:
        return { effectiveToMs: anchor + (60 + 2 * i) * DAY_MS };
    }
  }
  if (slot <= 10) {
    const from = anchor + (7 + (i % 9) * 11) * DAY_MS;
    return slot === 9 ? { effectiveFromMs: from } : { effectiveFromMs: from, effectiveToMs: from + 400 * DAY_MS };
  }
  return { effectiveFromMs: anchor - 500 * DAY_MS, effectiveToMs: anchor - (2 + (i % 20)) * DAY_MS };
}

function isTailored(category: ProductCategory, i: number): boolean {
  if (category === 'BUSINESS_LOANS' || category === 'TRADE_FINANCE') return true;
  return (category === 'LEASES' || category === 'MARGIN_LOANS') && i % 2 === 0;
}

function buildListItem(draft: Omit<StoredProduct, 'listItem' | 'detail'>, brand: BrandDef, i: number): Json {
  const names = CATEGORY_NAMES[draft.productCategory].names;
  const name = `${brand.brandName ?? 'Saltbush'} ${names[i % names.length]}`;
  const slug = `${CATEGORY_NAMES[draft.productCategory].code.toLowerCase()}/${draft.productId.toLowerCase()}`;
  const item: Json = { productId: draft.productId };
  if (draft.effectiveFromMs !== undefined) item.effectiveFrom = formatAest(draft.effectiveFromMs);
  if (draft.effectiveToMs !== undefined) item.effectiveTo = formatAest(draft.effectiveToMs);
  item.lastUpdated = formatAest(draft.lastUpdatedMs);
  item.productCategory = draft.productCategory;
  item.name = name;
  item.description = `${name}: ${describe(draft.productCategory)}`;
  item.brand = brand.brand;
  if (brand.brandName !== undefined) item.brandName = brand.brandName;
  if (i % 6 !== 5) item.applicationUri = `${brand.site}/apply/${slug}`;
  item.isTailored = isTailored(draft.productCategory, i);
  const info = additionalInformation(brand, slug, i);
  if (info !== undefined) item.additionalInformation = info;
  const art = cardArt(draft.productCategory, brand, slug, i);
  if (art !== undefined) item.cardArt = art;
  return item;
}

function describe(category: ProductCategory): string {
  const text: Record<ProductCategory, string> = {
    BUSINESS_LOANS: 'secured or unsecured lending for established businesses, priced individually.',
    BUY_NOW_PAY_LATER: 'split an eligible purchase into interest-free instalments.',
    CRED_AND_CHRG_CARDS: 'a card account for everyday purchases with interest-free days.',
    LEASES: 'lease a vehicle or equipment with fixed periodic payments.',
    MARGIN_LOANS: 'borrow against an approved share or managed fund portfolio.',
    OVERDRAFTS: 'a credit limit attached to a transaction account.',
    PERS_LOANS: 'a fixed-term personal loan with fixed repayments.',
    REGULATED_TRUST_ACCOUNTS: 'a trust account for regulated professions holding client money.',
    RESIDENTIAL_MORTGAGES: 'a home loan for owner occupiers and investors.',
    TERM_DEPOSITS: 'lock away savings for a fixed term at a fixed rate.',
    TRADE_FINANCE: 'working capital and documentary credit for importers and exporters.',
    TRANS_AND_SAVINGS_ACCOUNTS: 'an account for everyday banking and saving.',
    TRAVEL_CARDS: 'a prepaid card that holds several foreign currencies.',
  };
  return text[category];
}

/** Primary URIs are always present when the matching additional list has items ("each is mandatory when the matching additional list has items"). */
function additionalInformation(brand: BrandDef, slug: string, i: number): Json | undefined {
  const base = `${brand.site}/products/${slug}`;
  switch (i % 4) {
    case 0:
      return {
        overviewUri: `${base}#overview`,
        termsUri: `${base}/terms.pdf`,
        eligibilityUri: `${base}#eligibility`,
        feesAndPricingUri: `${base}#fees`,
        additionalTermsUris: [
          { additionalInfoUri: `${base}/terms-supplement.pdf`, description: 'Supplementary terms' },
          { additionalInfoUri: `${base}/privacy.pdf` },
        ],
      };
    case 1:
      return { overviewUri: `${base}#overview`, termsUri: `${base}/terms.pdf` };
    case 2:
      return undefined;
    default:
      return {
        overviewUri: `${base}#overview`,
        additionalOverviewUris: [{ additionalInfoUri: `${base}/guide`, description: 'Product guide' }],
        feesAndPricingUri: `${base}#fees`,
        additionalFeesAndPricingUris: [{ additionalInfoUri: `${brand.site}/fee-schedule.pdf` }],
      };
  }
}

/** cardScheme is the document's only listed value (`AMEX`); imageUri is a PNG/JPG link. */
function cardArt(category: ProductCategory, brand: BrandDef, slug: string, i: number): Json[] | undefined {
  const img = (kind: string, ext: string) => `${brand.site}/images/cards/${slug.replace('/', '-')}-${kind}.${ext}`;
  if (category === 'CRED_AND_CHRG_CARDS') {
    const cardType = i % 3 === 2 ? 'CHARGE' : 'CREDIT';
    return [
      { cardScheme: 'AMEX', cardType, title: 'Standard design', imageUri: img('standard', 'png') },
      { cardScheme: 'AMEX', cardType, imageUri: img('reverse', 'jpg') },
    ];
  }
  if (category === 'TRAVEL_CARDS' || (category === 'TRANS_AND_SAVINGS_ACCOUNTS' && i % 2 === 0)) {
    return [{ cardScheme: 'AMEX', cardType: 'DEBIT', title: 'Debit card', imageUri: img('debit', 'png') }];
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Detail extras (BankingProductDetailV7 lists)
// ---------------------------------------------------------------------------

function buildDetailExtras(
  draft: Omit<StoredProduct, 'listItem' | 'detail'>,
  brand: BrandDef,
  i: number,
  all: Omit<StoredProduct, 'listItem' | 'detail'>[],
): Json {
  const c = draft.productCategory;
  const tailored = isTailored(c, i);
  const extras: Json = {};
  const bundles = bundlesFor(draft, brand, all);
  if (bundles.length > 0) extras.bundles = bundles;
  extras.features = features(c, i);
  const constraints = constraintsFor(c, i);
  if (constraints.length > 0) extras.constraints = constraints;
  extras.eligibility = eligibilityFor(c, i);
  // "isTailored: True when fees and prices are negotiated, so specific fees and rates do not apply."
  if (!tailored) {
    extras.fees = feesFor(c, i);
    const deposit = depositRatesFor(c, i);
    if (deposit.length > 0) extras.depositRates = deposit;
    const lending = lendingRatesFor(c, i);
    if (lending.length > 0) extras.lendingRates = lending;
  }
  return extras;
}

/** Bundles name other products of the same brand ("the current product is assumed included"). */
function bundlesFor(
  draft: Omit<StoredProduct, 'listItem' | 'detail'>,
  brand: BrandDef,
  all: Omit<StoredProduct, 'listItem' | 'detail'>[],
): Json[] {
  if (draft.productCategory !== 'RESIDENTIAL_MORTGAGES' && draft.productCategory !== 'TRANS_AND_SAVINGS_ACCOUNTS') {
    return [];
  }
  const partners = all
    .filter(
      (p) =>
        p.brand === draft.brand &&
        p.productId !== draft.productId &&
        (p.productCategory === 'CRED_AND_CHRG_CARDS' || p.productCategory === 'TRANS_AND_SAVINGS_ACCOUNTS'),
    )
    .slice(0, 2)
    .map((p) => p.productId);
  return [
    {
      name: `${brand.brandName ?? brand.brand} Package`,
      description: 'Bundle a home loan, an everyday account and a card to reduce fees.',
      additionalInfo: 'Annual package fee applies; the card annual fee is waived.',
      additionalInfoUri: `${brand.site}/packages`,
      productIds: partners,
    },
  ];
}

function features(c: ProductCategory, i: number): Json[] {
  const list: Json[] = [{ featureType: 'DIGITAL_BANKING' }];
  if (c === 'TRANS_AND_SAVINGS_ACCOUNTS') {
    list.push({ featureType: 'NPP_PAYID' }, { featureType: 'NPP_ENABLED' });
    list.push({ featureType: 'CARD_ACCESS', additionalValue: 'AMEX debit card' });
    list.push({ featureType: 'DIGITAL_WALLET', additionalValue: 'Apple Pay, Google Pay' });
  } else if (c === 'CRED_AND_CHRG_CARDS') {
    list.push({ featureType: 'INTEREST_FREE', additionalValue: 'P55D' });
    list.push({ featureType: 'ADDITIONAL_CARDS', additionalValue: '4' });
    list.push({ featureType: 'LOYALTY_PROGRAM', additionalValue: 'Wattle Rewards' });
    list.push({ featureType: 'FRAUD_PROTECTION', additionalInfoUri: 'https://www.example.com.au/fraud' });
  } else if (c === 'RESIDENTIAL_MORTGAGES') {
    list.push({ featureType: 'OFFSET' }, { featureType: 'REDRAW' }, { featureType: 'EXTRA_REPAYMENTS' });
  } else if (c === 'BUY_NOW_PAY_LATER') {
    list.push({ featureType: 'INSTALMENT_PLAN' }, { featureType: 'EXTRA_DOWN_PAYMENT' });
  } else if (c === 'TRAVEL_CARDS') {
    list.push({ featureType: 'CARD_ACCESS', additionalValue: 'AMEX prepaid debit' });
    list.push({ featureType: 'INSURANCE', additionalValue: 'Card fraud insurance' });
  } else if (c === 'TERM_DEPOSITS') {
    list.push({ featureType: 'FUNDS_AVAILABLE_AFTER', additionalValue: 'P31D' });
  } else if (c === 'BUSINESS_LOANS' || c === 'TRADE_FINANCE') {
    list.push({ featureType: 'RELATIONSHIP_MANAGEMENT' });
  }
  if (i % 5 === 0) {
    // "additionalInfo (mandatory when type is OTHER)"
    list.push({
      featureType: 'OTHER',
      additionalInfo: 'Dedicated local branch contact for the life of the product.',
    });
  }
  return list;
}

function constraintsFor(c: ProductCategory, i: number): Json[] {
  switch (c) {
    case 'TERM_DEPOSITS':
      return [
        { constraintType: 'MIN_BALANCE', additionalValue: '5000.00' },
        { constraintType: 'MAX_BALANCE', additionalValue: '2000000.00' },
      ];
    case 'RESIDENTIAL_MORTGAGES':
      return [
        { constraintType: 'MAX_LVR', additionalValue: '0.95' },
        { constraintType: 'MIN_LIMIT', additionalValue: '50000.00' },
      ];
    case 'CRED_AND_CHRG_CARDS':
      return [
        { constraintType: 'MIN_LIMIT', additionalValue: '1000.00' },
        { constraintType: 'MAX_LIMIT', additionalValue: i % 2 === 0 ? '15000.00' : '50000.00' },
      ];
    case 'PERS_LOANS':
    case 'LEASES':
      return [
        { constraintType: 'MIN_LIMIT', additionalValue: '5000.00' },
        { constraintType: 'MAX_LIMIT', additionalValue: '75000.00' },
      ];
    case 'TRANS_AND_SAVINGS_ACCOUNTS':
      return i % 3 === 0 ? [{ constraintType: 'OPENING_BALANCE', additionalValue: '10.00' }] : [];
    case 'REGULATED_TRUST_ACCOUNTS':
      return [{ constraintType: 'OTHER', additionalInfo: 'Only for holders of a current trust account licence.' }];
    default:
      return [];
  }
}

function eligibilityFor(c: ProductCategory, i: number): Json[] {
  const business = c === 'BUSINESS_LOANS' || c === 'TRADE_FINANCE' || c === 'REGULATED_TRUST_ACCOUNTS';
  if (business) {
    const list: Json[] = [
      { eligibilityType: 'BUSINESS' },
      { eligibilityType: 'MIN_TURNOVER', additionalValue: '250000.00' },
    ];
    if (c === 'REGULATED_TRUST_ACCOUNTS') {
      list.push({ eligibilityType: 'OTHER', additionalInfo: 'Must be a licensed practitioner in the relevant state.' });
    }
    return list;
  }
  const list: Json[] = [
    { eligibilityType: 'NATURAL_PERSON' },
    { eligibilityType: 'MIN_AGE', additionalValue: c === 'TRANS_AND_SAVINGS_ACCOUNTS' && i % 3 === 2 ? '0' : '18' },
    { eligibilityType: 'RESIDENCY_STATUS', additionalValue: 'Australian citizen or permanent resident' },
  ];
  if (LENDING.has(c)) list.push({ eligibilityType: 'MIN_INCOME', additionalValue: '25000.00' });
  if (c === 'TRANS_AND_SAVINGS_ACCOUNTS' && i % 3 === 2) {
    list.push({ eligibilityType: 'MAX_AGE', additionalValue: '17' });
  }
  return list;
}

function feesFor(c: ProductCategory, i: number): Json[] {
  switch (c) {
    case 'TRANS_AND_SAVINGS_ACCOUNTS':
      return [
        {
          name: 'Monthly account fee',
          feeType: 'PERIODIC',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '4.00' },
          additionalValue: 'P1M',
          discounts: [
            {
              description: 'Fee waived when at least $2,000 is deposited in the month',
              discountType: 'DEPOSITS',
              discountMethodUType: 'fixedAmount',
              fixedAmount: { amount: '4.00' },
              additionalValue: '2000.00',
            },
          ],
        },
        {
          name: 'Overseas ATM withdrawal',
          feeType: 'WITHDRAWAL',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '5.00' },
        },
      ];
    case 'TERM_DEPOSITS':
      return [
        {
          name: 'Early withdrawal interest adjustment',
          feeType: 'OTHER',
          feeMethodUType: 'rateBased',
          rateBased: { rateType: 'INTEREST_ACCRUED', rate: '0.5' },
          additionalInfo: 'Interest earned is reduced by half when funds are withdrawn before maturity.',
        },
      ];
    case 'REGULATED_TRUST_ACCOUNTS':
      return [];
    case 'CRED_AND_CHRG_CARDS':
      return [
        {
          name: 'Annual fee',
          feeType: 'PERIODIC',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: i % 2 === 0 ? '59.00' : '249.00' },
          additionalValue: 'P1Y',
        },
        {
          name: 'Cash advance fee',
          feeType: 'CASH_ADVANCE',
          feeMethodUType: 'rateBased',
          rateBased: { rateType: 'TRANSACTION', rate: '0.03', amountRange: { feeMinimum: '3.00' } },
        },
        {
          name: 'Late payment fee',
          feeType: 'LATE_PAYMENT',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '15.00' },
        },
      ];
    case 'TRAVEL_CARDS':
      return [
        {
          name: 'Currency conversion',
          feeType: 'TRANSACTION',
          feeMethodUType: 'rateBased',
          rateBased: { rateType: 'TRANSACTION', rate: '0.0295' },
        },
        {
          name: 'Overseas ATM withdrawal',
          feeType: 'WITHDRAWAL',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '2.50' },
          currency: 'USD',
        },
      ];
    case 'BUY_NOW_PAY_LATER':
      return [
        {
          name: 'Late payment fee',
          feeType: 'LATE_PAYMENT',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '10.00' },
          feeCap: '68.00',
          feeCapPeriod: 'P1Y',
        },
        {
          name: 'Plan establishment fee',
          feeType: 'UPFRONT_PER_PLAN',
          feeMethodUType: 'variable',
          variable: { feeMinimum: '0.00', feeMaximum: '3.00' },
        },
      ];
    default:
      return [
        {
          name: 'Establishment fee',
          feeType: 'UPFRONT',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: c === 'RESIDENTIAL_MORTGAGES' ? '600.00' : '250.00' },
        },
        {
          name: 'Loan service fee',
          feeType: 'PERIODIC',
          feeMethodUType: 'fixedAmount',
          fixedAmount: { amount: '10.00' },
          additionalValue: 'P1M',
        },
        {
          name: 'Discharge fee',
          feeType: 'EXIT',
          feeMethodUType: 'variable',
          variable: { feeMaximum: '350.00' },
        },
      ];
  }
}

/** "applicationFrequency mandatory when applicationType is PERIODIC". */
function depositRatesFor(c: ProductCategory, i: number): Json[] {
  if (c === 'TRANS_AND_SAVINGS_ACCOUNTS') {
    const rates: Json[] = [
      {
        depositRateType: 'VARIABLE',
        rate: '0.0125',
        calculationFrequency: 'P1D',
        applicationType: 'PERIODIC',
        applicationFrequency: 'P1M',
        tiers: [
          {
            name: 'Balances up to $250,000',
            unitOfMeasure: 'DOLLAR',
            minimumValue: '0.00',
            maximumValue: '250000.00',
            rateApplicationMethod: 'WHOLE_BALANCE',
          },
        ],
      },
    ];
    if (i % 2 === 1) {
      rates.push({
        depositRateType: 'BONUS',
        rate: '0.0300',
        calculationFrequency: 'P1D',
        applicationType: 'PERIODIC',
        applicationFrequency: 'P1M',
        additionalValue: 'Deposit at least $1,000 and make no withdrawals in the month',
        applicabilityConditions: [{ rateApplicabilityType: 'MIN_DEPOSIT_AMOUNT', additionalValue: '1000.00' }],
      });
    }
    return rates;
  }
  if (c === 'TERM_DEPOSITS') {
    return [
      {
        depositRateType: 'FIXED',
        rate: '0.0435',
        calculationFrequency: 'P1D',
        applicationType: 'MATURITY',
        additionalValue: 'P6M',
        tiers: [{ name: '6 months', unitOfMeasure: 'MONTH', minimumValue: '6', maximumValue: '6' }],
      },
      {
        depositRateType: 'FIXED',
        rate: '0.0410',
        calculationFrequency: 'P1D',
        applicationType: 'PERIODIC',
        applicationFrequency: 'P1M',
        additionalValue: 'P1Y',
        tiers: [{ name: '12 months', unitOfMeasure: 'MONTH', minimumValue: '12', maximumValue: '12' }],
      },
    ];
  }
  if (c === 'REGULATED_TRUST_ACCOUNTS') {
    return [
      {
        depositRateType: 'VARIABLE',
        rate: '0.0050',
        applicationType: 'PERIODIC',
        applicationFrequency: 'P1M',
      },
    ];
  }
  return [];
}

function lendingRatesFor(c: ProductCategory, i: number): Json[] {
  const periodic = { calculationFrequency: 'P1D', applicationType: 'PERIODIC', applicationFrequency: 'P1M' };
  switch (c) {
    case 'RESIDENTIAL_MORTGAGES':
      return [
        {
          lendingRateType: 'VARIABLE',
          rate: i % 2 === 0 ? '0.0624' : '0.0609',
          comparisonRate: i % 2 === 0 ? '0.0631' : '0.0617',
          ...periodic,
          interestPaymentDue: 'IN_ARREARS',
          repaymentType: 'PRINCIPAL_AND_INTEREST',
          loanPurpose: 'OWNER_OCCUPIED',
          tiers: [{ name: 'LVR up to 80%', unitOfMeasure: 'PERCENT', minimumValue: '0', maximumValue: '0.8' }],
        },
        {
          lendingRateType: 'FIXED',
          rate: '0.0589',
          comparisonRate: '0.0647',
          additionalValue: 'P3Y',
          ...periodic,
          interestPaymentDue: 'IN_ADVANCE',
          repaymentType: 'INTEREST_ONLY',
          loanPurpose: 'INVESTMENT',
        },
      ];
    case 'PERS_LOANS':
      return [
        {
          lendingRateType: 'FIXED',
          rate: '0.0899',
          comparisonRate: '0.0951',
          additionalValue: 'P5Y',
          ...periodic,
          repaymentType: 'PRINCIPAL_AND_INTEREST',
          loanPurpose: 'UNCONSTRAINED',
        },
      ];
    case 'CRED_AND_CHRG_CARDS':
      return [
        {
          lendingRateType: 'PURCHASE',
          rate: i % 2 === 0 ? '0.1399' : '0.2074',
          ...periodic,
          repaymentType: 'UNCONSTRAINED',
          loanPurpose: 'UNCONSTRAINED',
        },
        {
          lendingRateType: 'CASH_ADVANCE',
          rate: '0.2199',
          ...periodic,
          repaymentType: 'UNCONSTRAINED',
          loanPurpose: 'UNCONSTRAINED',
        },
      ];
    case 'OVERDRAFTS':
      return [
        {
          lendingRateType: 'VARIABLE',
          rate: '0.1245',
          ...periodic,
          repaymentType: 'UNCONSTRAINED',
          loanPurpose: 'UNCONSTRAINED',
        },
      ];
    case 'MARGIN_LOANS':
      return [
        {
          lendingRateType: 'VARIABLE',
          rate: '0.0915',
          ...periodic,
          interestPaymentDue: 'IN_ARREARS',
          repaymentType: 'INTEREST_ONLY',
          loanPurpose: 'INVESTMENT',
        },
      ];
    case 'LEASES':
      return [
        {
          lendingRateType: 'FIXED',
          rate: '0.0799',
          additionalValue: 'P4Y',
          calculationFrequency: 'P1D',
          applicationType: 'UPFRONT',
          repaymentType: 'PRINCIPAL_AND_INTEREST',
          loanPurpose: 'OTHER',
          additionalInfo: 'Rate fixed for the lease term.',
        },
      ];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------
// Header parsing
// ---------------------------------------------------------------------------

function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  if (Array.isArray(v)) return v.join(', ');
  return v;
}

/** PositiveInteger: digits only, value above zero. BigInt so huge values stay exact. */
function parsePositiveInteger(raw: string): bigint | undefined {
  if (!/^[0-9]{1,64}$/.test(raw)) return undefined;
  const n = BigInt(raw);
  return n > 0n ? n : undefined;
}

/**
 * Version negotiation (CDS HTTP headers): respond with the highest supported version
 * between x-min-v and x-v; x-min-v equal to or above x-v is treated as absent;
 * if no requested version is supported, 406.
 */
function negotiateVersion(req: IncomingMessage, supported: readonly number[]): number {
  const xv = singleHeader(req, 'x-v');
  if (xv === undefined || xv.trim() === '') {
    throw new HttpError(400, [makeError(ERR.headerMissing, 'x-v')]);
  }
  const max = parsePositiveInteger(xv.trim());
  if (max === undefined) {
    throw new HttpError(400, [makeError(ERR.versionInvalid, `x-v: '${xv}' is not a positive integer`)]);
  }
  const xminRaw = singleHeader(req, 'x-min-v');
  let min = max;
  if (xminRaw !== undefined) {
    const parsed = parsePositiveInteger(xminRaw.trim());
    if (parsed === undefined) {
      throw new HttpError(400, [makeError(ERR.versionInvalid, `x-min-v: '${xminRaw}' is not a positive integer`)]);
    }
    if (parsed < max) min = parsed;
  }
  const candidates = supported.filter((v) => BigInt(v) >= min && BigInt(v) <= max);
  if (candidates.length === 0) {
    const lo = Math.min(...supported);
    const hi = Math.max(...supported);
    throw new HttpError(406, [
      makeError(
        ERR.versionUnsupported,
        lo === hi
          ? `Requested versions are not supported; this endpoint supports version ${lo} only`
          : `Requested versions are not supported; supported versions are ${lo} to ${hi}`,
      ),
    ]);
  }
  return Math.max(...candidates);
}

/** Accept must allow application/json (RFC 7231 media ranges, q=0 excluded) in UTF-8. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  for (const range of accept.split(',')) {
    const [typeRaw, ...params] = range.split(';').map((s) => s.trim());
    const type = (typeRaw ?? '').toLowerCase();
    if (type === '') continue;
    let q = 1;
    let charset: string | undefined;
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const key = p.slice(0, eq).trim().toLowerCase();
      const value = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '')
        .toLowerCase();
      if (key === 'q') q = Number(value);
      else if (key === 'charset') charset = value;
    }
    if (!(q > 0)) continue;
    const typeOk = type === 'application/json' || type === 'application/*' || type === '*/*';
    const charsetOk = charset === undefined || charset === 'utf-8' || charset === 'utf8';
    if (typeOk && charsetOk) return true;
  }
  return false;
}

/** Accept-Charset, when sent, must allow UTF-8 ("a character set other than UTF-8" gives 406). */
function acceptsUtf8(acceptCharset: string | undefined): boolean {
  if (acceptCharset === undefined || acceptCharset.trim() === '') return true;
  for (const range of acceptCharset.split(',')) {
    const [nameRaw, ...params] = range.split(';').map((s) => s.trim());
    const name = (nameRaw ?? '').toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim());
      if (k?.toLowerCase() === 'q') q = Number(v);
    }
    if (q > 0 && (name === 'utf-8' || name === 'utf8' || name === '*')) return true;
  }
  return false;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------
// Query parameters of Get Products
// ---------------------------------------------------------------------------

interface ListQuery {
  effective: Effective;
  updatedSinceNs?: bigint;
  brand?: string;
  category?: ProductCategory;
  page: bigint;
  pageSize: number;
  /** Filters as supplied (canonical order), carried into the pagination links. */
  carried: [string, string][];
}

const LIST_PARAMS = ['effective', 'updated-since', 'brand', 'product-category', 'page', 'page-size'] as const;

const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,20}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** RFC 3339 date-time with mandatory offset, to epoch nanoseconds; undefined if malformed or impossible. */
function parseDateTimeNs(raw: string): bigint | undefined {
  const m = DATE_TIME_RE.exec(raw);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const maxDay = month === 2 ? (leap ? 29 : 28) : daysInMonth;
  if (day < 1 || day > maxDay) return undefined;
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  const fraction = (m[7] ?? '').padEnd(9, '0').slice(0, 9);
  return (BigInt(d.getTime()) - BigInt(offsetMinutes) * 60_000n) * 1_000_000n + BigInt(fraction);
}

function parseListQuery(params: URLSearchParams): ListQuery {
  const errors: ErrorV2[] = [];
  const values = new Map<string, string>();
  for (const name of LIST_PARAMS) {
    const all = params.getAll(name);
    if (all.length > 1) {
      errors.push(makeError(ERR.fieldInvalid, `${name}: must be given at most once`));
    } else if (all.length === 1) {
      const v = all[0] as string;
      if (v === '') errors.push(makeError(ERR.fieldInvalid, `${name}: must not be empty`));
      else values.set(name, v);
    }
  }

  let effective: Effective = 'CURRENT'; // "default CURRENT"
  const eff = values.get('effective');
  if (eff !== undefined) {
    if ((EFFECTIVE_VALUES as readonly string[]).includes(eff)) effective = eff as Effective;
    else errors.push(makeError(ERR.fieldInvalid, 'effective: must be one of CURRENT, FUTURE, ALL'));
  }

  let updatedSinceNs: bigint | undefined;
  const since = values.get('updated-since');
  if (since !== undefined) {
    updatedSinceNs = parseDateTimeNs(since);
    if (updatedSinceNs === undefined) {
      errors.push(makeError(ERR.dateTimeInvalid, 'updated-since: must be an RFC 3339 date-time with an offset'));
    }
  }

  const brand = values.get('brand');

  let category: ProductCategory | undefined;
  const cat = values.get('product-category');
  if (cat !== undefined) {
    if ((PRODUCT_CATEGORIES as readonly string[]).includes(cat)) category = cat as ProductCategory;
    else errors.push(makeError(ERR.fieldInvalid, 'product-category: must be one of the productCategory values'));
  }

  let page = BigInt(DEFAULT_PAGE);
  const pageRaw = values.get('page');
  if (pageRaw !== undefined) {
    const parsed = parsePositiveInteger(pageRaw);
    if (parsed === undefined) errors.push(makeError(ERR.fieldInvalid, 'page: must be a positive integer'));
    else page = parsed;
  }

  let pageSize = DEFAULT_PAGE_SIZE;
  const sizeRaw = values.get('page-size');
  if (sizeRaw !== undefined) {
    const parsed = parsePositiveInteger(sizeRaw);
    if (parsed === undefined) {
      errors.push(makeError(ERR.fieldInvalid, 'page-size: must be a positive integer'));
    } else if (parsed > BigInt(MAX_PAGE_SIZE)) {
      errors.push(makeError(ERR.pageSizeInvalid, `page-size: must not exceed ${MAX_PAGE_SIZE}`));
    } else {
      pageSize = Number(parsed);
    }
  }

  if (errors.length > 0) throw new HttpError(400, errors);

  const carried: [string, string][] = [];
  for (const name of ['effective', 'updated-since', 'brand', 'product-category'] as const) {
    const v = values.get(name);
    if (v !== undefined) carried.push([name, v]);
  }
  const q: ListQuery = { effective, page, pageSize, carried };
  if (updatedSinceNs !== undefined) q.updatedSinceNs = updatedSinceNs;
  if (brand !== undefined) q.brand = brand;
  if (category !== undefined) q.category = category;
  return q;
}

/** "filters by whether now falls inside effectiveFrom to effectiveTo" (from inclusive, to exclusive). */
function matchesEffective(p: StoredProduct, effective: Effective, nowMs: number): boolean {
  if (effective === 'ALL') return true;
  const started = p.effectiveFromMs === undefined || p.effectiveFromMs <= nowMs;
  if (effective === 'FUTURE') return !started;
  const ended = p.effectiveToMs !== undefined && p.effectiveToMs <= nowMs;
  return started && !ended;
}

function filterProducts(products: StoredProduct[], q: ListQuery, nowMs: number): StoredProduct[] {
  const brand = q.brand?.toLowerCase();
  return products.filter(
    (p) =>
      matchesEffective(p, q.effective, nowMs) &&
      // "only products updated after it": strictly later.
      (q.updatedSinceNs === undefined || BigInt(p.lastUpdatedMs) * 1_000_000n > q.updatedSinceNs) &&
      (brand === undefined || p.brand.toLowerCase() === brand) &&
      (q.category === undefined || p.productCategory === q.category),
  );
}

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  interactionId: string;
  origin: string;
  headers: OutgoingHttpHeaders;
}

const CORS_HEADERS: OutgoingHttpHeaders = {
  // CDS CORS: "Access-Control-Allow-Origin set to * for all unauthenticated endpoints".
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-v, x-fapi-interaction-id, retry-after',
};

function sendJson(ctx: RequestContext, status: number, body: unknown, extra: OutgoingHttpHeaders = {}): void {
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  ctx.res.writeHead(status, {
    ...CORS_HEADERS,
    ...ctx.headers,
    ...extra,
    'content-type': 'application/json; charset=utf-8',
    'content-length': payload.length,
    'x-fapi-interaction-id': ctx.interactionId,
  });
  ctx.res.end(payload);
}

function sendErrors(ctx: RequestContext, err: HttpError): void {
  sendJson(ctx, err.status, { errors: err.errors }, err.headers);
}

function buildLink(origin: string, path: string, params: [string, string][]): string {
  const sp = new URLSearchParams(params);
  const qs = sp.toString();
  return `${origin}${path}${qs === '' ? '' : `?${qs}`}`;
}

function handleList(ctx: RequestContext, url: URL, products: StoredProduct[]): void {
  const q = parseListQuery(url.searchParams);
  const matched = filterProducts(products, q, Date.now());
  // Descending lastUpdated (the standard's expected order), ties by productId.
  matched.sort((a, b) => b.lastUpdatedMs - a.lastUpdatedMs || (a.productId < b.productId ? -1 : 1));
  const totalRecords = matched.length;
  const totalPages = Math.ceil(totalRecords / q.pageSize);
  const lastPage = Math.max(totalPages, 1);
  if (q.page > BigInt(lastPage)) {
    // CDS "Invalid Page": "The error detail SHOULD be the maximum number of pages that are available."
    throw new HttpError(422, [makeError(ERR.pageInvalid, String(totalPages))]);
  }
  const page = Number(q.page);
  const start = (page - 1) * q.pageSize;
  const items = matched.slice(start, start + q.pageSize).map((p) => p.listItem);

  const link = (n: number) =>
    buildLink(ctx.origin, LIST_PATH, [...q.carried, ['page', String(n)], ['page-size', String(q.pageSize)]]);
  const links: Record<string, string> = { self: `${ctx.origin}${ctx.req.url ?? LIST_PATH}` };
  // first/last are given on every page; prev/next only where such a page exists.
  links.first = link(1);
  if (page > 1) links.prev = link(page - 1);
  if (page < lastPage) links.next = link(page + 1);
  links.last = link(lastPage);

  sendJson(ctx, 200, {
    data: { products: items },
    links,
    // The document types both as strings: "totalRecords (string, required), totalPages (string, required)".
    meta: { totalRecords: String(totalRecords), totalPages: String(totalPages) },
  });
}

function handleDetail(ctx: RequestContext, rawId: string, byId: Map<string, StoredProduct>): void {
  let productId: string;
  try {
    productId = decodeURIComponent(rawId);
  } catch {
    throw new HttpError(400, [makeError(ERR.fieldInvalid, 'productId: malformed percent-encoding')]);
  }
  // BankingProductId is an ASCIIString.
  if (!/^[\x20-\x7e]+$/.test(productId)) {
    throw new HttpError(400, [makeError(ERR.fieldInvalid, 'productId: must be printable ASCII')]);
  }
  const product = byId.get(productId);
  if (product === undefined) {
    // CDS "Invalid Resource": "The error detail is the resource ID of the resource being requested."
    throw new HttpError(404, [makeError(ERR.productInvalid, productId)]);
  }
  sendJson(ctx, 200, { data: product.detail, links: { self: `${ctx.origin}${ctx.req.url ?? ''}` } });
}

function handleStatus(ctx: RequestContext, updateTime: string): void {
  // status OK: no explanation, detectionTime or expectedResolutionTime ("must be absent when status is OK").
  sendJson(ctx, 200, {
    data: { status: 'OK', updateTime },
    links: { self: `${ctx.origin}${ctx.req.url ?? STATUS_PATH}` },
  });
}

// ---------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------

type Route = { kind: 'list' } | { kind: 'detail'; id: string } | { kind: 'status' } | { kind: 'none' };

function route(pathname: string): Route {
  if (pathname === LIST_PATH) return { kind: 'list' };
  if (pathname === STATUS_PATH) return { kind: 'status' };
  const prefix = `${LIST_PATH}/`;
  if (pathname.startsWith(prefix)) {
    const id = pathname.slice(prefix.length);
    if (id !== '' && !id.includes('/')) return { kind: 'detail', id };
  }
  return { kind: 'none' };
}

function authorised(req: IncomingMessage, token: Buffer): boolean {
  const header = singleHeader(req, 'authorization');
  if (header === undefined) return false;
  const m = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(header);
  if (m === null) return false;
  const given = Buffer.from(m[1] as string, 'utf8');
  return given.length === token.length && timingSafeEqual(given, token);
}

export async function startBlindService(): Promise<BlindService> {
  const startedAt = Date.now();
  const products = seedProducts(startedAt);
  const byId = new Map(products.map((p) => [p.productId, p]));
  const statusUpdateTime = formatAest(Math.floor(startedAt / 1000) * 1000);
  const tokenValue = randomBytes(24).toString('base64url');
  const token = Buffer.from(tokenValue, 'utf8');
  let origin = 'http://127.0.0.1';

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // Requests carry no body here; count and cut off anything large.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BODY_BYTES) req.destroy();
    });
    req.on('error', () => {});

    const suppliedId = singleHeader(req, 'x-fapi-interaction-id');
    const idValid = suppliedId !== undefined && UUID_RE.test(suppliedId.trim());
    const ctx: RequestContext = {
      req,
      res,
      // "x-fapi-interaction-id ... which the data holder returns in the response header of the same name"
      interactionId: idValid ? (suppliedId as string).trim() : randomUUID(),
      origin,
      headers: {},
    };

    try {
      const url = new URL(req.url ?? '/', origin);
      const r = route(url.pathname);
      if (r.kind === 'none') {
        throw new HttpError(404, [makeError(ERR.resourceNotFound, url.pathname)]);
      }
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          ...CORS_HEADERS,
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
          'access-control-allow-headers':
            'authorization, accept, content-type, x-v, x-min-v, x-fapi-interaction-id, x-fapi-auth-date, x-fapi-customer-ip-address, x-cds-client-headers',
          'access-control-max-age': '600',
          allow: 'GET, HEAD, OPTIONS',
          'x-fapi-interaction-id': ctx.interactionId,
        });
        res.end();
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        throw new HttpError(405, [makeError(ERR.methodNotAllowed, `${method} is not supported`)], {
          allow: 'GET, HEAD, OPTIONS',
        });
      }
      // "All are GET with bearer authentication."
      if (!authorised(req, token)) {
        throw new HttpError(401, [makeError(ERR.unauthorised, 'A valid bearer token is required')], {
          'www-authenticate': 'Bearer realm="cds-au", error="invalid_token"',
        });
      }
      if (!acceptsJson(singleHeader(req, 'accept')) || !acceptsUtf8(singleHeader(req, 'accept-charset'))) {
        throw new HttpError(406, [makeError(ERR.notAcceptable, 'Only application/json in UTF-8 is available')]);
      }
      if (suppliedId !== undefined && !idValid) {
        throw new HttpError(400, [makeError(ERR.headerInvalid, 'x-fapi-interaction-id: must be an RFC 4122 UUID')]);
      }
      const supported =
        r.kind === 'list'
          ? SUPPORTED_VERSIONS.list
          : r.kind === 'detail'
            ? SUPPORTED_VERSIONS.detail
            : SUPPORTED_VERSIONS.status;
      const version = negotiateVersion(req, supported);
      ctx.headers['x-v'] = String(version);

      if (r.kind === 'list') handleList(ctx, url, products);
      else if (r.kind === 'detail') handleDetail(ctx, r.id, byId);
      else handleStatus(ctx, statusUpdateTime);
    } catch (e) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e instanceof HttpError) sendErrors(ctx, e);
      else sendErrors(ctx, new HttpError(500, [makeError(ERR.unexpected, 'The request could not be completed')]));
    }
  };

  const server: Server = createServer(
    { requestTimeout: 15_000, headersTimeout: 10_000, keepAliveTimeout: 5_000, maxHeaderSize: 16 * 1024 },
    handle,
  );
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}${BASE_PATH}`;

  return {
    baseUrl,
    section: {
      baseUrl,
      token: '${BLIND_CDR_TOKEN}',
      versions: {
        list: [...SUPPORTED_VERSIONS.list],
        detail: [...SUPPORTED_VERSIONS.detail],
        status: [...SUPPORTED_VERSIONS.status],
      },
      pastLastPageStatus: 422,
    },
    env: { BLIND_CDR_TOKEN: tokenValue },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
