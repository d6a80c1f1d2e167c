import fc from 'fast-check';
import type { ProductKind } from '../../rules/cdr/product-issues.ts';

type Json = Record<string, unknown>;

/** A way to break a valid product record: the rule it breaks (per record kind) and the pure change. */
export interface ProductBreak {
  why: string;
  /** The rule broken in a list item and in a detail; undefined: the change does not apply to that kind. */
  breaks: Partial<Record<ProductKind, string>>;
  change(record: Json): Json;
}

const shape = { list: 'cdr.product.list-item', detail: 'cdr.product.detail' } as const;
const without = (record: Json, field: string): Json =>
  Object.fromEntries(Object.entries(record).filter(([key]) => key !== field));
const appended = (record: Json, list: string, item: Json): Json => ({
  ...record,
  [list]: [...((record[list] as Json[] | undefined) ?? []), item],
});
const validArt = { cardScheme: 'AMEX', cardType: 'CREDIT', imageUri: 'https://bank.example/card.png' };

const requiredListFields = [
  'productId',
  'lastUpdated',
  'productCategory',
  'name',
  'description',
  'brand',
  'isTailored',
];

/** Every way of breaking exactly one rule of a product record, boundaries of each enumeration and type included. */
export const productBreaks: readonly ProductBreak[] = [
  ...requiredListFields.map((field) => ({
    why: `${field} missing`,
    breaks: shape,
    change: (record: Json) => without(record, field),
  })),
  { why: 'isTailored as text', breaks: shape, change: (record) => ({ ...record, isTailored: 'false' }) },
  {
    why: 'productCategory outside the thirteen',
    breaks: shape,
    change: (record) => ({ ...record, productCategory: 'SAVINGS' }),
  },
  { why: 'lastUpdated a date alone', breaks: shape, change: (record) => ({ ...record, lastUpdated: '2024-01-01' }) },
  {
    why: 'effectiveTo without a zone',
    breaks: shape,
    change: (record) => ({ ...record, effectiveTo: '2024-01-01T10:00:00' }),
  },
  { why: 'brand a number', breaks: shape, change: (record) => ({ ...record, brand: 7 }) },
  {
    why: 'an additional URI item without additionalInfoUri',
    breaks: shape,
    change: (record) => ({
      ...record,
      additionalInformation: { overviewUri: 'https://x.example', additionalOverviewUris: [{ description: 'no uri' }] },
    }),
  },
  {
    why: 'cardArt cardType PREPAID',
    breaks: { list: 'cdr.product.card-art', detail: 'cdr.product.card-art' },
    change: (record) => appended(record, 'cardArt', { ...validArt, cardType: 'PREPAID' }),
  },
  {
    why: 'cardArt cardScheme DINERS',
    breaks: { list: 'cdr.product.card-art', detail: 'cdr.product.card-art' },
    change: (record) => appended(record, 'cardArt', { ...validArt, cardScheme: 'DINERS' }),
  },
  {
    why: 'cardArt without imageUri',
    breaks: { list: 'cdr.product.card-art', detail: 'cdr.product.card-art' },
    change: (record) => appended(record, 'cardArt', without(validArt, 'imageUri')),
  },
  {
    why: 'cardArt image as an SVG data URI',
    breaks: { list: 'cdr.product.card-art', detail: 'cdr.product.card-art' },
    change: (record) => appended(record, 'cardArt', { ...validArt, imageUri: 'data:image/svg+xml;base64,PHN2Zz4=' }),
  },
  ...(['termsUri', 'bundleUri'] as const).map((primary) => ({
    why: `${primary} missing while its additional list has items`,
    breaks: { list: 'cdr.product.primary-uri-when-additional', detail: 'cdr.product.primary-uri-when-additional' },
    change: (record: Json) => ({
      ...record,
      additionalInformation: {
        [primary === 'termsUri' ? 'additionalTermsUris' : 'additionalBundleUris']: [
          { additionalInfoUri: 'https://x.example/more' },
        ],
      },
    }),
  })),
  ...(
    [
      ['features', { featureType: 'OTHER' }],
      ['constraints', { constraintType: 'OTHER', additionalValue: '1' }],
      ['eligibility', { eligibilityType: 'OTHER' }],
      ['fees', { name: 'Other', feeType: 'OTHER', feeMethodUType: 'fixedAmount', fixedAmount: { amount: '1.00' } }],
    ] as const
  ).map(([list, item]) => ({
    why: `an OTHER item of ${list} without additionalInfo`,
    breaks: { detail: 'cdr.product.additional-info-when-other' },
    change: (record: Json) => appended(record, list, item),
  })),
  {
    why: 'a PERIODIC deposit rate without applicationFrequency',
    breaks: { detail: 'cdr.product.application-frequency-when-periodic' },
    change: (record) =>
      appended(record, 'depositRates', { depositRateType: 'FIXED', rate: '0.01', applicationType: 'PERIODIC' }),
  },
  {
    why: 'a PERIODIC lending rate without applicationFrequency',
    breaks: { detail: 'cdr.product.application-frequency-when-periodic' },
    change: (record) =>
      appended(record, 'lendingRates', {
        lendingRateType: 'FIXED',
        rate: '0.05',
        applicationType: 'PERIODIC',
        repaymentType: 'OTHER',
        loanPurpose: 'OTHER',
      }),
  },
  {
    why: 'a rateBased fee without rateBased',
    breaks: { detail: 'cdr.product.fee-method-structure' },
    change: (record) =>
      appended(record, 'fees', { name: 'Rate fee', feeType: 'PERIODIC', feeMethodUType: 'rateBased' }),
  },
  {
    why: 'a fee without name',
    breaks: { detail: shape.detail },
    change: (record) => appended(record, 'fees', { feeType: 'PERIODIC', feeMethodUType: 'variable', variable: {} }),
  },
  {
    why: 'a constraint type outside its enumeration',
    breaks: { detail: shape.detail },
    change: (record) => appended(record, 'constraints', { constraintType: 'MAX_AGE' }),
  },
  {
    why: 'a lending rate without loanPurpose',
    breaks: { detail: shape.detail },
    change: (record) =>
      appended(record, 'lendingRates', {
        lendingRateType: 'FIXED',
        rate: '0.05',
        applicationType: 'UPFRONT',
        repaymentType: 'OTHER',
      }),
  },
  {
    why: 'feeCapPeriod not an ISO 8601 duration',
    breaks: { detail: shape.detail },
    change: (record) =>
      appended(record, 'fees', {
        name: 'Capped',
        feeType: 'PERIODIC',
        feeMethodUType: 'fixedAmount',
        fixedAmount: {},
        feeCapPeriod: '1 month',
      }),
  },
  {
    why: 'a bundle without description',
    breaks: { detail: shape.detail },
    change: (record) => appended(record, 'bundles', { name: 'Bundle' }),
  },
];

/** The breaks that apply to a kind of record, as an arbitrary. */
export const productBreak = (kind: ProductKind) =>
  fc.constantFrom(...productBreaks.filter((candidate) => candidate.breaks[kind] !== undefined));
