import { addDays } from './calendar.ts';
import { z } from 'zod';
import { breaks, ruleIssue } from '../rule-issues.ts';
import type { RuleId } from '../rule-id.ts';
import {
  cardStatuses,
  cardUserStatuses,
  emailTypes,
  formFactors,
  spendTypes,
  timeZones,
  varianceTypes,
} from './enums.ts';
import {
  alpha2Pattern,
  amountPattern,
  cardReferenceIdPattern,
  countryCodePattern,
  employeeIdPattern,
  expiryDatePattern,
  isCalendarDate,
  isPercentage,
  namePattern,
  postalCodePattern,
  statePattern,
  suffixPattern,
} from './formats.ts';
import { maxAccountingFields, maxMerchantCodes, maxUserDefinedFields } from './limits.ts';

/*
 * One zod schema per record of part B. Every issue's message is the id of the rule it breaks, so a check
 * judges one rule on the issues that name it, and generators are tested to break exactly the rule they name.
 * Fields the document does not list are tolerated.
 */

/** Cross-field refinements run even when a field has an issue of its own rule. */
const always = { when: () => true };
const text = (rule: RuleId) => z.string(breaks(rule));
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();
const amount = (shapeRule: RuleId) => text(shapeRule).regex(amountPattern, breaks('cards.card.amounts'));
const date = (shapeRule: RuleId, formatRule: RuleId) => text(shapeRule).refine(isCalendarDate, breaks(formatRule));

/** chargeAmountVariance: bounds at most 100 when PERCENTAGE, amounts when AMOUNT. */
export const chargeAmountVarianceSchema = z
  .object(
    {
      varianceType: optional(z.enum(varianceTypes, breaks('cards.card.fields'))),
      varianceLowerBound: optional(text('cards.card.fields')),
      varianceUpperBound: optional(text('cards.card.fields')),
      minimumAuthorizationAmount: optional(amount('cards.card.fields')),
      autoExpirePercent: optional(text('cards.card.fields')),
      autoExpireAmount: optional(amount('cards.card.fields')),
    },
    breaks('cards.card.fields'),
  )
  .superRefine((variance, ctx) => {
    // Judged even when another field of the record is wrong (`always`): each rule is reported on its own.
    const valid =
      variance.varianceType === 'PERCENTAGE'
        ? isPercentage
        : variance.varianceType === 'AMOUNT'
          ? (value: string) => amountPattern.test(value)
          : undefined;
    if (!valid) return;
    for (const key of ['varianceLowerBound', 'varianceUpperBound'] as const) {
      const bound = variance[key];
      if (typeof bound === 'string' && !valid(bound)) ctx.addIssue(ruleIssue('cards.card.variance-bounds', [key]));
    }
  }, always);

export const spendControlsSchema = z.object(
  {
    currentAmount: amount('cards.card.fields'),
    validFromDate: date('cards.card.fields', 'cards.card.dates'),
    validToDate: date('cards.card.fields', 'cards.card.dates'),
    spendType: optional(z.enum(spendTypes, breaks('cards.card.fields'))),
    originalAmount: optional(amount('cards.card.fields')),
    cardCurrency: optional(text('cards.card.fields')),
    timeZone: optional(z.enum(timeZones, breaks('cards.card.fields'))),
    allowedMerchantIndustries: optional(
      z
        .array(text('cards.card.fields'), breaks('cards.card.fields'))
        .max(maxMerchantCodes, breaks('cards.card.merchant-codes')),
    ),
    allowedMerchant: optional(z.array(text('cards.card.fields'), breaks('cards.card.fields'))),
    chargeAmountVariance: optional(chargeAmountVarianceSchema),
  },
  breaks('cards.card.fields'),
);

export const cardDetailsSchema = z.object(
  {
    cardLastFive: text('cards.card.fields'),
    expiryDate: text('cards.card.fields').regex(expiryDatePattern, breaks('cards.card.dates')),
    // One of the enumeration; "only VIRTUAL is currently supported" describes the service today (observed).
    formFactor: text('cards.card.fields').refine(
      (value) => (formFactors as readonly string[]).includes(value),
      breaks('cards.card.form-factor'),
    ),
    cardReferenceId: text('cards.card.fields').regex(cardReferenceIdPattern, breaks('cards.card.reference-id')),
    cardCreationDate: date('cards.card.fields', 'cards.card.dates'),
    status: z.enum(cardStatuses, breaks('cards.card.fields')),
    cardModifiedDate: optional(date('cards.card.fields', 'cards.card.dates')),
    digitalWalletProvisionable: optional(z.boolean(breaks('cards.card.fields'))),
    digitalWalletProvisioned: optional(z.array(text('cards.card.fields'), breaks('cards.card.fields'))),
  },
  breaks('cards.card.fields'),
);

const reconciliationItem = z.object(
  { index: text('cards.card.reconciliation'), value: text('cards.card.reconciliation') },
  breaks('cards.card.reconciliation'),
);

export const reconciliationFieldSchema = z.object(
  {
    userDefinedFields: optional(
      z
        .array(reconciliationItem, breaks('cards.card.reconciliation'))
        .max(maxUserDefinedFields, breaks('cards.card.reconciliation')),
    ),
    accountingFields: optional(
      z
        .array(reconciliationItem, breaks('cards.card.reconciliation'))
        .max(maxAccountingFields, breaks('cards.card.reconciliation')),
    ),
  },
  breaks('cards.card.reconciliation'),
);

/** The Card record of GET card for every status but IN_PROGRESS. */
export const cardSchema = z
  .object(
    {
      cardId: text('cards.card.fields'),
      accountId: text('cards.card.fields'),
      spendControls: spendControlsSchema,
      cardDetails: cardDetailsSchema,
      deliveryMethod: z.literal('API_RESPONSE', breaks('cards.card.fields')),
      cardUserId: optional(text('cards.card.fields')),
      reloadable: optional(z.boolean(breaks('cards.card.fields'))),
      reconciliationField: optional(reconciliationFieldSchema),
    },
    breaks('cards.card.fields'),
  )
  .superRefine((card, ctx) => {
    // validFromDate may not be in the past at creation: on a record, it is not before the card's creation day.
    const from = card?.spendControls?.validFromDate;
    const created = card?.cardDetails?.cardCreationDate;
    // validFromDate is a day in the account's (or the given) time zone, cardCreationDate a day in a zone not
    // shown: one day apart can be the same moment, so only an earlier day than the day before is a fault.
    if (
      typeof from === 'string' &&
      typeof created === 'string' &&
      isCalendarDate(from) &&
      isCalendarDate(created) &&
      from < addDays(created, -1)
    ) {
      ctx.addIssue(ruleIssue('cards.card.valid-from', ['spendControls', 'validFromDate']));
    }
  }, always);
export type Card = z.infer<typeof cardSchema>;

/** Fields of the Card record an IN_PROGRESS card must not return (cardDetails may carry its status, nothing else). */
export const fieldsHiddenWhileInProgress = [
  'spendControls',
  'deliveryMethod',
  'cardUserId',
  'reloadable',
  'reconciliationField',
] as const;

/**
 * Where an IN_PROGRESS card shows its status: "only cardId, accountId and status are returned", and status is
 * a CardDetails field, so at the top level or as cardDetails.status are both that reading.
 */
export function inProgressStatusPlace(card: unknown): 'status' | 'cardDetails.status' | 'both' | 'none' {
  const record = (typeof card === 'object' && card !== null ? card : {}) as {
    status?: unknown;
    cardDetails?: { status?: unknown } | null;
  };
  const top = record.status !== undefined;
  const nested =
    typeof record.cardDetails === 'object' && record.cardDetails !== null && record.cardDetails.status !== undefined;
  return top && nested ? 'both' : top ? 'status' : nested ? 'cardDetails.status' : 'none';
}

/** GET card of an IN_PROGRESS card: only cardId, accountId and status (at the top level or in cardDetails). */
export const inProgressCardSchema = z
  .object(
    { cardId: text('cards.card.in-progress'), accountId: text('cards.card.in-progress') },
    breaks('cards.card.in-progress'),
  )
  .passthrough()
  .superRefine((card, ctx) => {
    if (typeof card !== 'object' || card === null) return;
    const record = card as Record<string, unknown> & { cardDetails?: unknown };
    const details = record.cardDetails;
    if (details !== undefined && (typeof details !== 'object' || details === null || Array.isArray(details)))
      ctx.addIssue(ruleIssue('cards.card.in-progress', ['cardDetails']));
    const nested = typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
    const shown = [record.status, nested.status].filter((status) => status !== undefined);
    if (shown.length === 0) ctx.addIssue(ruleIssue('cards.card.in-progress', ['status']));
    if (shown.some((status) => status !== 'IN_PROGRESS'))
      ctx.addIssue(
        ruleIssue(
          'cards.card.in-progress',
          record.status !== 'IN_PROGRESS' && record.status !== undefined ? ['status'] : ['cardDetails', 'status'],
        ),
      );
    for (const field of fieldsHiddenWhileInProgress)
      if (field in record) ctx.addIssue(ruleIssue('cards.card.in-progress', [field]));
    for (const field of Object.keys(nested))
      if (field !== 'status') ctx.addIssue(ruleIssue('cards.card.in-progress', ['cardDetails', field]));
    // A cardDetails is there only to carry the status: one without it is a field the card does not return.
    if (details !== undefined && nested.status === undefined)
      ctx.addIssue(ruleIssue('cards.card.in-progress', ['cardDetails']));
  }, always);

const nameSchema = z.object(
  {
    first: text('cards.card-user.fields').regex(namePattern, breaks('cards.card-user.name')),
    last: text('cards.card-user.fields').regex(namePattern, breaks('cards.card-user.name')),
    middle: optional(text('cards.card-user.fields').regex(namePattern, breaks('cards.card-user.name'))),
    suffix: optional(text('cards.card-user.fields').regex(suffixPattern, breaks('cards.card-user.name'))),
  },
  breaks('cards.card-user.fields'),
);

/** A list of exactly one item: more or fewer break the one-each rule. */
const oneOf = <T extends z.ZodType>(item: T) =>
  z.array(item, breaks('cards.card-user.fields')).length(1, breaks('cards.card-user.one-each'));

export const cardUserSchema = z.object(
  {
    cardUserId: text('cards.card-user.fields'),
    buyerId: text('cards.card-user.fields'),
    name: nameSchema,
    dateOfBirth: date('cards.card-user.fields', 'cards.card-user.fields'),
    email: oneOf(
      z.object(
        { type: z.enum(emailTypes, breaks('cards.card-user.fields')), emailAddress: text('cards.card-user.fields') },
        breaks('cards.card-user.fields'),
      ),
    ),
    phone: oneOf(
      z.object(
        {
          countryCode: text('cards.card-user.fields').regex(countryCodePattern, breaks('cards.card-user.formats')),
          number: text('cards.card-user.fields'),
          type: z.literal('MOBILE', breaks('cards.card-user.fields')),
        },
        breaks('cards.card-user.fields'),
      ),
    ),
    address: oneOf(
      z.object(
        {
          type: z.literal('RESIDENCE', breaks('cards.card-user.fields')),
          purpose: z.literal('PRIMARY', breaks('cards.card-user.fields')),
          line1: text('cards.card-user.fields'),
          line2: optional(text('cards.card-user.fields')),
          city: text('cards.card-user.fields'),
          state: text('cards.card-user.fields').regex(statePattern, breaks('cards.card-user.formats')),
          country: text('cards.card-user.fields').regex(alpha2Pattern, breaks('cards.card-user.formats')),
          postalCode: text('cards.card-user.fields').regex(postalCodePattern, breaks('cards.card-user.formats')),
        },
        breaks('cards.card-user.fields'),
      ),
    ),
    status: z.enum(cardUserStatuses, breaks('cards.card-user.fields')),
    expressConsentObtained: z.boolean(breaks('cards.card-user.fields')),
    dateCreated: date('cards.card-user.fields', 'cards.card-user.fields'),
    employeeId: optional(text('cards.card-user.fields').regex(employeeIdPattern, breaks('cards.card-user.formats'))),
  },
  breaks('cards.card-user.fields'),
);
export type CardUser = z.infer<typeof cardUserSchema>;

/** 400 body: `errors`, items with code and message required (all four fields optional on GET transactions). */
export function badRequestBodySchema(itemFieldsOptional: boolean) {
  const field = itemFieldsOptional
    ? optional(text('cards.errors.bad-request-body'))
    : text('cards.errors.bad-request-body');
  const item = z.object(
    {
      code: field,
      message: field,
      detail: optional(text('cards.errors.bad-request-body')),
      link: optional(text('cards.errors.bad-request-body')),
    },
    breaks('cards.errors.bad-request-body'),
  );
  return z.object(
    { errors: z.array(item, breaks('cards.errors.bad-request-body')) },
    breaks('cards.errors.bad-request-body'),
  );
}

/** Every other error status (and 400 on DELETE account): errorCode required, errorDescription optional. */
export const errorCodeBodySchema = z.object(
  { errorCode: text('cards.errors.error-code-body'), errorDescription: optional(text('cards.errors.error-code-body')) },
  breaks('cards.errors.error-code-body'),
);

/** The rule ids a value breaks under a schema: the distinct issue messages, in order. */
export function rulesBrokenBy(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}
