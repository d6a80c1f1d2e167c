import { addDays } from './calendar.ts';
import { z } from 'zod';
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
import { cardsRuleIds as id } from './ids.ts';
import { maxAccountingFields, maxMerchantCodes, maxUserDefinedFields } from './limits.ts';

/*
 * One zod schema per record of part B. Every issue's message is the id of the rule it breaks, so a check
 * judges one rule on the issues that name it, and generators are tested to break exactly the rule they name.
 * Fields the document does not list are tolerated.
 */

/** Cross-field refinements run even when a field has an issue of its own rule. */
const always = { when: () => true };
const text = (rule: string) => z.string({ error: rule });
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();
const amount = (shapeRule: string) => text(shapeRule).regex(amountPattern, { error: id.cardAmounts });
const date = (shapeRule: string, formatRule: string) => text(shapeRule).refine(isCalendarDate, { error: formatRule });

/** chargeAmountVariance: bounds at most 100 when PERCENTAGE, amounts when AMOUNT. */
export const chargeAmountVarianceSchema = z
  .object(
    {
      varianceType: optional(z.enum(varianceTypes, { error: id.cardFields })),
      varianceLowerBound: optional(text(id.cardFields)),
      varianceUpperBound: optional(text(id.cardFields)),
      minimumAuthorizationAmount: optional(amount(id.cardFields)),
      autoExpirePercent: optional(text(id.cardFields)),
      autoExpireAmount: optional(amount(id.cardFields)),
    },
    { error: id.cardFields },
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
      if (typeof bound === 'string' && !valid(bound))
        ctx.addIssue({ code: 'custom', message: id.varianceBounds, path: [key] });
    }
  }, always);

export const spendControlsSchema = z.object(
  {
    currentAmount: amount(id.cardFields),
    validFromDate: date(id.cardFields, id.cardDates),
    validToDate: date(id.cardFields, id.cardDates),
    spendType: optional(z.enum(spendTypes, { error: id.cardFields })),
    originalAmount: optional(amount(id.cardFields)),
    cardCurrency: optional(text(id.cardFields)),
    timeZone: optional(z.enum(timeZones, { error: id.cardFields })),
    allowedMerchantIndustries: optional(
      z.array(text(id.cardFields), { error: id.cardFields }).max(maxMerchantCodes, { error: id.merchantCodes }),
    ),
    allowedMerchant: optional(z.array(text(id.cardFields), { error: id.cardFields })),
    chargeAmountVariance: optional(chargeAmountVarianceSchema),
  },
  { error: id.cardFields },
);

export const cardDetailsSchema = z.object(
  {
    cardLastFive: text(id.cardFields),
    expiryDate: text(id.cardFields).regex(expiryDatePattern, { error: id.cardDates }),
    formFactor: z
      .enum(formFactors, { error: id.cardFields })
      .refine((value) => value === 'VIRTUAL', { error: id.formFactor }),
    cardReferenceId: text(id.cardFields).regex(cardReferenceIdPattern, { error: id.cardReferenceId }),
    cardCreationDate: date(id.cardFields, id.cardDates),
    status: z.enum(cardStatuses, { error: id.cardFields }),
    cardModifiedDate: optional(date(id.cardFields, id.cardDates)),
    digitalWalletProvisionable: optional(z.boolean({ error: id.cardFields })),
    digitalWalletProvisioned: optional(z.array(text(id.cardFields), { error: id.cardFields })),
  },
  { error: id.cardFields },
);

const reconciliationItem = z.object(
  { index: text(id.reconciliation), value: text(id.reconciliation) },
  { error: id.reconciliation },
);

export const reconciliationFieldSchema = z.object(
  {
    userDefinedFields: optional(
      z.array(reconciliationItem, { error: id.reconciliation }).max(maxUserDefinedFields, { error: id.reconciliation }),
    ),
    accountingFields: optional(
      z.array(reconciliationItem, { error: id.reconciliation }).max(maxAccountingFields, { error: id.reconciliation }),
    ),
  },
  { error: id.reconciliation },
);

/** The Card record of GET card for every status but IN_PROGRESS. */
export const cardSchema = z
  .object(
    {
      cardId: text(id.cardFields),
      accountId: text(id.cardFields),
      spendControls: spendControlsSchema,
      cardDetails: cardDetailsSchema,
      deliveryMethod: z.literal('API_RESPONSE', { error: id.cardFields }),
      cardUserId: optional(text(id.cardFields)),
      reloadable: optional(z.boolean({ error: id.cardFields })),
      reconciliationField: optional(reconciliationFieldSchema),
    },
    { error: id.cardFields },
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
      ctx.addIssue({ code: 'custom', message: id.validFrom, path: ['spendControls', 'validFromDate'] });
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
  .object({ cardId: text(id.inProgress), accountId: text(id.inProgress) }, { error: id.inProgress })
  .passthrough()
  .superRefine((card, ctx) => {
    if (typeof card !== 'object' || card === null) return;
    const record = card as Record<string, unknown> & { cardDetails?: unknown };
    const details = record.cardDetails;
    if (details !== undefined && (typeof details !== 'object' || details === null || Array.isArray(details)))
      ctx.addIssue({ code: 'custom', message: id.inProgress, path: ['cardDetails'] });
    const nested = typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
    const shown = [record.status, nested.status].filter((status) => status !== undefined);
    if (shown.length === 0) ctx.addIssue({ code: 'custom', message: id.inProgress, path: ['status'] });
    if (shown.some((status) => status !== 'IN_PROGRESS'))
      ctx.addIssue({
        code: 'custom',
        message: id.inProgress,
        path: record.status !== 'IN_PROGRESS' && record.status !== undefined ? ['status'] : ['cardDetails', 'status'],
      });
    for (const field of fieldsHiddenWhileInProgress)
      if (field in record) ctx.addIssue({ code: 'custom', message: id.inProgress, path: [field] });
    for (const field of Object.keys(nested))
      if (field !== 'status') ctx.addIssue({ code: 'custom', message: id.inProgress, path: ['cardDetails', field] });
    // A cardDetails is there only to carry the status: one without it is a field the card does not return.
    if (details !== undefined && nested.status === undefined)
      ctx.addIssue({ code: 'custom', message: id.inProgress, path: ['cardDetails'] });
  }, always);

const nameSchema = z.object(
  {
    first: text(id.cardUserFields).regex(namePattern, { error: id.cardUserName }),
    last: text(id.cardUserFields).regex(namePattern, { error: id.cardUserName }),
    middle: optional(text(id.cardUserFields).regex(namePattern, { error: id.cardUserName })),
    suffix: optional(text(id.cardUserFields).regex(suffixPattern, { error: id.cardUserName })),
  },
  { error: id.cardUserFields },
);

/** A list of exactly one item: more or fewer break the one-each rule. */
const oneOf = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: id.cardUserFields }).length(1, { error: id.cardUserOneEach });

export const cardUserSchema = z.object(
  {
    cardUserId: text(id.cardUserFields),
    buyerId: text(id.cardUserFields),
    name: nameSchema,
    dateOfBirth: date(id.cardUserFields, id.cardUserFields),
    email: oneOf(
      z.object(
        { type: z.enum(emailTypes, { error: id.cardUserFields }), emailAddress: text(id.cardUserFields) },
        { error: id.cardUserFields },
      ),
    ),
    phone: oneOf(
      z.object(
        {
          countryCode: text(id.cardUserFields).regex(countryCodePattern, { error: id.cardUserFormats }),
          number: text(id.cardUserFields),
          type: z.literal('MOBILE', { error: id.cardUserFields }),
        },
        { error: id.cardUserFields },
      ),
    ),
    address: oneOf(
      z.object(
        {
          type: z.literal('RESIDENCE', { error: id.cardUserFields }),
          purpose: z.literal('PRIMARY', { error: id.cardUserFields }),
          line1: text(id.cardUserFields),
          line2: optional(text(id.cardUserFields)),
          city: text(id.cardUserFields),
          state: text(id.cardUserFields).regex(statePattern, { error: id.cardUserFormats }),
          country: text(id.cardUserFields).regex(alpha2Pattern, { error: id.cardUserFormats }),
          postalCode: text(id.cardUserFields).regex(postalCodePattern, { error: id.cardUserFormats }),
        },
        { error: id.cardUserFields },
      ),
    ),
    status: z.enum(cardUserStatuses, { error: id.cardUserFields }),
    expressConsentObtained: z.boolean({ error: id.cardUserFields }),
    dateCreated: date(id.cardUserFields, id.cardUserFields),
    employeeId: optional(text(id.cardUserFields).regex(employeeIdPattern, { error: id.cardUserFormats })),
  },
  { error: id.cardUserFields },
);
export type CardUser = z.infer<typeof cardUserSchema>;

/** 400 body: `errors`, items with code and message required (all four fields optional on GET transactions). */
export function badRequestBodySchema(itemFieldsOptional: boolean) {
  const field = itemFieldsOptional ? optional(text(id.errorsBadRequest)) : text(id.errorsBadRequest);
  const item = z.object(
    {
      code: field,
      message: field,
      detail: optional(text(id.errorsBadRequest)),
      link: optional(text(id.errorsBadRequest)),
    },
    { error: id.errorsBadRequest },
  );
  return z.object({ errors: z.array(item, { error: id.errorsBadRequest }) }, { error: id.errorsBadRequest });
}

/** Every other error status (and 400 on DELETE account): errorCode required, errorDescription optional. */
export const errorCodeBodySchema = z.object(
  { errorCode: text(id.errorsErrorCode), errorDescription: optional(text(id.errorsErrorCode)) },
  { error: id.errorsErrorCode },
);

/** The rule ids a value breaks under a schema: the distinct issue messages, in order. */
export function rulesBrokenBy(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}
