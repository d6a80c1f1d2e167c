import {
  amountSchema,
  nanosTimeSchema,
  notificationCodes,
  notificationSources,
  notificationTypes,
  orderDateTimeSchema,
  programCodes,
  type ProgramCode,
} from '../../rules/loyalty/records.ts';

type Body = Record<string, unknown>;
/** One rule's check of a request body: the problem, or undefined. Fields a rule does not own are left to others. */
export type Validator = (body: Body, mandatory: (program: ProgramCode) => readonly string[]) => string | undefined;

const isString = (value: unknown) => typeof value === 'string';
const objectAt = (body: Body, key: string) =>
  typeof body[key] === 'object' && body[key] !== null && !Array.isArray(body[key]) ? (body[key] as Body) : undefined;
const missing = (body: Body, keys: readonly string[]) => keys.find((key) => !isString(body[key]));
const within = (values: readonly string[], value: unknown) =>
  value === undefined || (values as readonly unknown[]).includes(value);

type ValidatorName =
  | 'subscribeRequired'
  | 'subscribeBenefit'
  | 'transferRequired'
  | 'orderDateTime'
  | 'programCode'
  | 'amount'
  | 'demographics'
  | 'notifyRequired'
  | 'notifyEnums'
  | 'notifyTime';
export type Validators = Record<ValidatorName, Validator>;

/** The validators of the reference by the rule they enforce; a mutant replaces one. */
export const referenceValidators: Validators = {
  subscribeRequired: (body) => {
    const network = objectAt(body, 'network_info');
    if (!network || !isString(network.institution_id)) return 'network_info.institution_id is required';
    return missing(body, ['instrument_id']) && 'instrument_id is required';
  },
  subscribeBenefit: (body) =>
    body.benefit_id === undefined && body.external_benefit === undefined
      ? 'benefit_id is required when external_benefit is absent'
      : undefined,
  transferRequired: (body) => {
    const network = objectAt(body, 'network');
    if (!network || !isString(network.institution_id)) return 'network.institution_id is required';
    const absent =
      missing(body, ['requestor_order_id', 'instrument_id', 'program_account_id']) ??
      ['order_date_time', 'program_code'].find((key) => body[key] === undefined);
    return absent && `${absent} is required`;
  },
  orderDateTime: (body) =>
    body.order_date_time === undefined || orderDateTimeSchema.safeParse(body.order_date_time).success
      ? undefined
      : "order_date_time must be yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
  programCode: (body) => (within(programCodes, body.program_code) ? undefined : 'program_code is not a program code'),
  amount: (body) =>
    ['points_needed', 'partner_point_value'].find(
      (key) => body[key] !== undefined && !amountSchema.safeParse(body[key]).success,
    ) && 'an Amount is invalid',
  demographics: (body, mandatory) => {
    if (!(programCodes as readonly unknown[]).includes(body.program_code)) return undefined;
    const demographics = objectAt(body, 'demographics') ?? {};
    const lacking = mandatory(body.program_code as ProgramCode).find((field) => !isString(demographics[field]));
    return lacking && `demographics.${lacking} is mandatory for ${String(body.program_code)}`;
  },
  notifyRequired: (body) => {
    const absent = ['source', 'type', 'time', 'data'].find((key) => body[key] === undefined);
    if (absent) return `${absent} is required`;
    return objectAt(body, 'data')?.code === undefined ? 'data.code is required' : undefined;
  },
  notifyEnums: (body) => {
    if (!within(notificationSources, body.source)) return 'source is not a documented source';
    if (!within(notificationTypes, body.type)) return 'type is not a documented type';
    if (!within(notificationCodes, objectAt(body, 'data')?.code)) return 'data.code must be SUCCESS or FAILURE';
    return body.specversion === undefined || body.specversion === '0.3' ? undefined : 'specversion must be 0.3';
  },
  notifyTime: (body) =>
    body.time === undefined || nanosTimeSchema.safeParse(body.time).success
      ? undefined
      : 'time must be RFC 3339 with nanoseconds',
};

/** Which validators each operation runs, in order. */
export const validatorsOf = {
  subscribe: ['subscribeRequired', 'subscribeBenefit'],
  transfer: ['transferRequired', 'orderDateTime', 'programCode', 'amount', 'demographics'],
  notify: ['notifyRequired', 'notifyEnums', 'notifyTime'],
} as const satisfies Record<string, readonly ValidatorName[]>;
