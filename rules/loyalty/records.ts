import { z } from 'zod';

/** The three operations of part A, paths relative to the loyalty base address. */
export const loyaltyOperations = {
  subscribe: '/benefits/subscription',
  transfer: '/redemption_types/points_transfer/orders',
  notify: '/v1/event/notify',
} as const;
export type LoyaltyOperation = keyof typeof loyaltyOperations;

export const programCodes = [
  'PROGRAM_AIRLINE_1',
  'PROGRAM_AIRLINE_2',
  'PROGRAM_AIRLINE_3',
  'PROGRAM_AIRLINE_4',
  'PROGRAM_AIRLINE_5',
  'PROGRAM_AIRLINE_6',
  'PROGRAM_HOTEL_1',
  'PROGRAM_HOTEL_2',
  'PROGRAM_HOTEL_3',
] as const;
export type ProgramCode = (typeof programCodes)[number];

export const demographicFields = [
  'TITLE',
  'FIRST_NAME',
  'MIDDLE_NAME',
  'LAST_NAME',
  'DOB',
  'GENDER',
  'EMAIL',
  'LANGUAGE',
  'ADDR_LINE_1',
  'ADDR_LINE_2',
  'ADDR_LINE_3',
  'CITY',
  'STATE',
  'POSTAL_CODE',
  'COUNTRY',
  'TELEPHONE',
] as const;
export type DemographicField = (typeof demographicFields)[number];

export const currencyTypes = ['POINTS', 'CASH', 'GIFT'] as const;
export const notificationSources = ['lty-data-press', 'Issuer', 'Servicing', 'Web', 'Mobile'] as const;
export const notificationTypes = [
  'lty.v1.acquisition',
  'lty.v1.benefitEnrolled',
  'lty.v1.partner.award',
  'lty.demographic.replaced',
  'lty.v1.cancellation',
  'lty.v1.productTransfer',
  'lty.v1.reinstatement',
] as const;
export const notificationCodes = ['SUCCESS', 'FAILURE'] as const;

/** yyyy-MM-dd'T'HH:mm:ss.SSS'Z' with a date and time that exist. */
export const orderDateTimeSchema = z.string().refine((value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/.exec(value);
  return match !== null && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;
}, "not yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");

/**
 * "Event initiation time in UTC, RFC 3339 with nanoseconds": nine fraction digits and the Z zone, the UTC form
 * every reading of the sentence accepts. Other ways of writing UTC (+00:00, a lower-case z), other offsets, and a
 * fraction left out or shorter (RFC 3339 and CloudEvents 0.3 make it optional) are left open: the suite observes what a
 * target makes of them.
 */
export const nanosTimeSchema = z.string().refine((value) => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.(\d{9})Z$/.exec(value);
  if (!match) return false;
  const probe = `${match[1]}T${match[2]}.000Z`;
  const parsed = new Date(probe);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === probe;
}, 'not RFC 3339 with nanoseconds in UTC (Z)');

export const networkInfoSchema = z.looseObject({ institution_id: z.string(), network_id: z.string().optional() });
export const externalBenefitSchema = z.looseObject({ id: z.string().optional(), system: z.string().optional() });
export const amountSchema = z.looseObject({
  value: z.number(),
  currency_type: z.enum(currencyTypes),
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  currency_description: z.string().optional(),
});
export const demographicsSchema = z.looseObject(
  Object.fromEntries(demographicFields.map((field) => [field, z.string().optional()])),
);

export const subscriptionSchema = z
  .looseObject({
    network_info: networkInfoSchema,
    instrument_id: z.string(),
    benefit_id: z.string().optional(),
    external_benefit: externalBenefitSchema.optional(),
    program_account_id: z.string().optional(),
    demographic: demographicsSchema.optional(),
  })
  .refine((body) => body.benefit_id !== undefined || body.external_benefit !== undefined, {
    message: 'benefit_id is required without external_benefit',
    path: ['benefit_id'],
  });

export const transferOrderSchema = z.looseObject({
  requestor_order_id: z.string(),
  order_date_time: orderDateTimeSchema,
  instrument_id: z.string(),
  program_code: z.enum(programCodes),
  program_account_id: z.string(),
  network: networkInfoSchema,
  program_bonus_code: z.string().optional(),
  points_needed: amountSchema.optional(),
  partner_point_value: amountSchema.optional(),
  demographics: demographicsSchema.optional(),
  simulation: z.boolean().optional(),
});
export type TransferOrder = z.infer<typeof transferOrderSchema>;

export const notificationSchema = z.looseObject({
  source: z.enum(notificationSources),
  type: z.enum(notificationTypes),
  time: nanosTimeSchema,
  data: z.looseObject({
    code: z.enum(notificationCodes),
    program_account_id: z.string().optional(),
    reason_code: z.string().optional(),
    description: z.string().optional(),
    developer_message: z.string().optional(),
  }),
  specversion: z.literal('0.3').optional(),
  id: z.string().optional(),
  requestor_order_id: z.string().optional(),
});

/** The error body of every loyalty error status: optional strings only. */
export const loyaltyErrorSchema = z.looseObject({
  error_code: z.string().optional(),
  user_message: z.string().optional(),
  developer_message: z.string().optional(),
});

export const loyaltyStatuses = { accepted: 202, invalid: 400, conflict: 409 } as const;

/** What a body case must get: accepted (202) when it keeps its rule, invalid (400) when it breaks it. */
export type LoyaltyCaseOutcome = 'accepted' | 'invalid';
/** A body case the document leaves open: sent, and its answer observed, never judged. */
export const observedOutcome = 'observed';
export const documentedErrorStatuses = [400, 403, 404, 409, 500] as const;
