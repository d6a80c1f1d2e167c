import { additionalUriPairs, detailSchemas, knownVersions, listItemSchemas } from './product-schemas.ts';

/** One way a product record breaks a rule: the rule id, where in the record, and zod's or our message. */
export interface ProductIssue {
  rule: string;
  path: string;
  message: string;
}

export type ProductKind = 'list' | 'detail';

/** The rule ids of the product records ("Resources and their fields", A). */
export const productRules = {
  listItem: 'cdr.product.list-item',
  detail: 'cdr.product.detail',
  cardArt: 'cdr.product.card-art',
  additionalInfoWhenOther: 'cdr.product.additional-info-when-other',
  applicationFrequencyWhenPeriodic: 'cdr.product.application-frequency-when-periodic',
  primaryUriWhenAdditional: 'cdr.product.primary-uri-when-additional',
  feeMethodStructure: 'cdr.product.fee-method-structure',
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const items = (record: Json, key: string): [number, Json][] =>
  Array.isArray(record[key])
    ? (record[key] as unknown[]).flatMap((item, index) => (isObject(item) ? [[index, item] as [number, Json]] : []))
    : [];

/** Typed lists whose OTHER type makes additionalInfo mandatory. */
const otherTyped = [
  ['features', 'featureType'],
  ['constraints', 'constraintType'],
  ['eligibility', 'eligibilityType'],
  ['fees', 'feeType'],
] as const;

/** The cross-field rules of a record, judged on whatever shape it has (a missing list is no breach). */
function conditionalIssues(record: Json): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const info = record.additionalInformation;
  if (isObject(info)) {
    for (const [primary, list] of additionalUriPairs) {
      if (Array.isArray(info[list]) && info[list].length > 0 && typeof info[primary] !== 'string') {
        issues.push({
          rule: productRules.primaryUriWhenAdditional,
          path: `additionalInformation.${primary}`,
          message: `${list} has items but ${primary} is missing`,
        });
      }
    }
  }
  for (const [list, typeKey] of otherTyped) {
    for (const [index, item] of items(record, list)) {
      if (item[typeKey] === 'OTHER' && typeof item.additionalInfo !== 'string') {
        issues.push({
          rule: productRules.additionalInfoWhenOther,
          path: `${list}.${index}.additionalInfo`,
          message: `${typeKey} is OTHER but additionalInfo is missing`,
        });
      }
    }
  }
  for (const list of ['depositRates', 'lendingRates']) {
    for (const [index, item] of items(record, list)) {
      if (item.applicationType === 'PERIODIC' && typeof item.applicationFrequency !== 'string') {
        issues.push({
          rule: productRules.applicationFrequencyWhenPeriodic,
          path: `${list}.${index}.applicationFrequency`,
          message: 'applicationType is PERIODIC but applicationFrequency is missing',
        });
      }
    }
  }
  issues.push(...amountStructureIssues(record));
  return issues;
}

/** Any of the fields present, as a string. */
const hasAny = (item: Json, fields: readonly string[]) => fields.some((field) => typeof item[field] === 'string');

/**
 * The amount structure of fees and discounts: the structure a U-type names (detail x-v 6 and 7), or one of the
 * amounts and rates (before, where no U-type exists: a fee of type VARIABLE needs none).
 */
function amountStructureIssues(record: Json): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const push = (path: string, message: string) => issues.push({ rule: productRules.feeMethodStructure, path, message });
  for (const [index, fee] of items(record, 'fees')) {
    const method = fee.feeMethodUType;
    if (typeof method === 'string') {
      if (['fixedAmount', 'rateBased', 'variable'].includes(method) && !isObject(fee[method]))
        push(`fees.${index}.${method}`, `feeMethodUType is ${method} but the ${method} structure is missing`);
    } else if (
      fee.feeType !== 'VARIABLE' &&
      !hasAny(fee, ['amount', 'balanceRate', 'transactionRate', 'accruedRate'])
    ) {
      push(
        `fees.${index}`,
        'none of amount, balanceRate, transactionRate, accruedRate is given (the fee is not VARIABLE)',
      );
    }
    for (const [position, discount] of items(fee, 'discounts')) {
      const discountMethod = discount.discountMethodUType;
      if (typeof discountMethod === 'string') {
        if (['fixedAmount', 'rateBased'].includes(discountMethod) && !isObject(discount[discountMethod]))
          push(
            `fees.${index}.discounts.${position}.${discountMethod}`,
            `discountMethodUType is ${discountMethod} but the ${discountMethod} structure is missing`,
          );
      } else if (
        typeof method !== 'string' &&
        !hasAny(discount, ['amount', 'balanceRate', 'transactionRate', 'accruedRate', 'feeRate'])
      ) {
        push(
          `fees.${index}.discounts.${position}`,
          'none of amount, balanceRate, transactionRate, accruedRate, feeRate is given',
        );
      }
    }
  }
  return issues;
}

/** The schema a record is judged with: that of the version answered, else the highest the harness knows. */
function schemaFor(kind: ProductKind, version: number) {
  const schemas = kind === 'list' ? listItemSchemas : detailSchemas;
  return (schemas[version] ?? schemas[Math.max(...knownVersions[kind])]) as NonNullable<(typeof schemas)[number]>;
}

/**
 * Every breach of a product record, judged with the schema of the endpoint version it was answered with
 * (product-schemas.ts), each attributed to one rule: the shape (required fields, types,
 * enumerations) to the list-item or detail rule, cardArt items to the card-art rule, and the conditional
 * rules to their own ids. An empty list means the record keeps every rule.
 */
export function productIssues(record: unknown, kind: ProductKind, version: number): ProductIssue[] {
  const parsed = schemaFor(kind, version).safeParse(record);
  const shape = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const path = issue.path.map(String).join('.');
        const rule =
          issue.path[0] === 'cardArt'
            ? productRules.cardArt
            : kind === 'list'
              ? productRules.listItem
              : productRules.detail;
        return { rule, path: path || '(record)', message: issue.message };
      });
  return [...shape, ...(isObject(record) ? conditionalIssues(record) : [])];
}
