import {
  currencyTypes,
  notificationCodes,
  notificationSources,
  notificationTypes,
  observedOutcome,
} from '../../rules/loyalty/records.ts';
import {
  demographicsWith,
  type LoyaltyContext,
  nanosTime,
  validNotification,
  validOrder,
  validSubscription,
} from './bodies.ts';
import { absent, type LoyaltyCase, withField } from './loyalty-case.ts';
import { notAProgramCode } from './not-a-program-code.ts';

const show = (value: unknown) => (value === absent ? 'left out' : JSON.stringify(value));
const day = 86_400_000;

/**
 * Cases that set one field of a base body to each value: the accepted ones answer 202, the refused 400, the open ones
 * are observed.
 */
function fieldCases(
  operation: LoyaltyCase['operation'],
  base: Record<string, unknown>,
  path: string,
  accepted: readonly unknown[],
  refused: readonly unknown[],
  open: readonly unknown[] = [],
): LoyaltyCase[] {
  return [
    ...accepted.map(
      (value): LoyaltyCase => ({
        operation,
        body: withField(base, path, value),
        outcome: 'accepted',
        why: `${path} ${show(value)}: accepted`,
      }),
    ),
    ...refused.map(
      (value): LoyaltyCase => ({
        operation,
        body: withField(base, path, value),
        outcome: 'invalid',
        why: `${path} ${show(value)}: 400`,
      }),
    ),
    ...open.map(
      (value): LoyaltyCase => ({
        operation,
        body: withField(base, path, value),
        outcome: observedOutcome,
        why: `${path} ${show(value)}`,
      }),
    ),
  ];
}

const amount = { value: 5000, currency_type: 'POINTS', currency_code: 'USD' };

/**
 * The request-field rules of part A as cases, each rule both ways: the values it keeps (boundaries included)
 * and the values that break it. Orders carry the fresh-id marker; the suite makes each id unique.
 */
export const loyaltyFieldCases: Readonly<Record<string, (context: LoyaltyContext) => LoyaltyCase[]>> = {
  'loyalty.subscribe.benefit-id': (context) => {
    const { benefit_id: _benefit, ...without } = validSubscription(context);
    return [
      {
        operation: 'subscribe',
        body: without,
        outcome: 'invalid',
        why: 'neither benefit_id nor external_benefit: 400',
      },
      {
        operation: 'subscribe',
        body: { ...without, external_benefit: { id: 'ext-1', system: 'partner' } },
        outcome: 'accepted',
        why: 'external_benefit without benefit_id: accepted',
      },
      // Whether an external_benefit naming nothing (both its fields are optional) counts as used is open: observed.
      {
        operation: 'subscribe',
        body: { ...without, external_benefit: {} },
        outcome: observedOutcome,
        why: 'an empty external_benefit without benefit_id',
      },
      {
        operation: 'subscribe',
        body: { ...without, benefit_id: 'b' },
        outcome: 'accepted',
        why: 'benefit_id alone: accepted',
      },
    ];
  },
  'loyalty.subscribe.required-fields': (context) => [
    ...['network_info', 'network_info.institution_id', 'instrument_id'].flatMap((path) =>
      fieldCases('subscribe', validSubscription(context), path, [], [absent, null]),
    ),
    ...['network_info.institution_id', 'instrument_id'].flatMap((path) =>
      fieldCases('subscribe', validSubscription(context), path, [], [42]),
    ),
  ],
  'loyalty.transfer.required-fields': (context) => [
    ...[
      'requestor_order_id',
      'order_date_time',
      'instrument_id',
      'program_code',
      'program_account_id',
      'network',
      'network.institution_id',
    ].flatMap((path) => fieldCases('transfer', validOrder(context), path, [], [absent, null])),
    ...['requestor_order_id', 'instrument_id', 'program_account_id', 'network.institution_id'].flatMap((path) =>
      fieldCases('transfer', validOrder(context), path, [], [42]),
    ),
  ],
  'loyalty.transfer.order-date-time': (context) => {
    const iso = new Date(context.nowMs).toISOString();
    return fieldCases(
      'transfer',
      validOrder(context),
      'order_date_time',
      ['2024-02-29T23:59:59.999Z', '2026-01-01T00:00:00.000Z', iso],
      [
        `${iso.slice(0, 19)}Z`,
        `${iso.slice(0, 23)}4Z`,
        `${iso.slice(0, 22)}Z`,
        `${iso.slice(0, 23)}+00:00`,
        iso.slice(0, 23),
        iso.replace('T', ' '),
        iso.slice(0, 10),
        String(context.nowMs),
        '2026-02-29T10:00:00.000Z',
        '2026-13-01T10:00:00.000Z',
        '2026-01-01T24:00:00.000Z',
        `${iso.slice(0, 23)}z`,
        '',
        1767225600000,
      ],
    );
  },
  'loyalty.transfer.program-code': (context) =>
    fieldCases('transfer', validOrder(context), 'program_code', [], notAProgramCode(context.programCodes)),
  'loyalty.transfer.amount': (context) =>
    ['points_needed', 'partner_point_value'].flatMap((field) => [
      ...fieldCases(
        'transfer',
        validOrder(context),
        field,
        [
          amount,
          { ...amount, value: 0 },
          { ...amount, value: 12.5, currency_code: 'EUR', currency_description: 'Euro' },
        ],
        [
          { currency_type: 'POINTS', currency_code: 'USD' },
          { ...amount, value: '5000' },
          { ...amount, currency_type: 'MILES' },
          { ...amount, currency_type: 'points' },
          { ...amount, currency_type: absent },
          { ...amount, currency_code: 'US' },
          { ...amount, currency_code: 'USDX' },
          { ...amount, currency_code: 'U1D' },
          { ...amount, currency_code: absent },
        ].map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== absent))),
        // "Always use POINTS": the other currency types of the enumeration may be taken or refused.
        currencyTypes
          .filter((type) => type !== amount.currency_type)
          .map((currency_type) => ({ ...amount, currency_type })),
      ),
    ]),
  'loyalty.transfer.program-demographics': (context) =>
    context.programCodes.flatMap((program) => {
      const base = validOrder(context, program);
      const mandatory = context.mandatory(program);
      return [
        {
          operation: 'transfer',
          body: base,
          outcome: 'accepted',
          why: `${program} with exactly its mandatory demographics (${mandatory.join(', ')}): accepted`,
        },
        ...mandatory.map(
          (field): LoyaltyCase => ({
            operation: 'transfer',
            body: { ...base, demographics: demographicsWith(mandatory.filter((other) => other !== field)) },
            outcome: 'invalid',
            why: `${program} without ${field}: 400`,
          }),
        ),
      ];
    }),
  'loyalty.notify.required-fields': (context) =>
    ['source', 'type', 'time', 'data', 'data.code'].flatMap((path) =>
      fieldCases('notify', validNotification(context), path, [], [absent]),
    ),
  'loyalty.notify.enums': (context) => [
    ...fieldCases('notify', validNotification(context), 'source', [], ['issuer', 'ISSUER', 'lty-data', 'Partner', '']),
    ...fieldCases(
      'notify',
      validNotification(context),
      'type',
      [],
      ['lty.v1.Acquisition', 'lty.v2.acquisition', 'lty.v1.partner', 'lty.v1.demographic.replaced', ''],
    ),
    ...fieldCases('notify', validNotification(context), 'data.code', [], ['success', 'ERROR', 'PARTIAL', '']),
    ...fieldCases('notify', validNotification(context), 'specversion', [], ['1.0', '0.2', 0.3, '']),
  ],
  'loyalty.notify.time': (context) => {
    const iso = new Date(context.nowMs).toISOString();
    const nanos = `${iso.slice(0, 19)}.999999999`;
    // "Event initiation time in UTC, RFC 3339 with nanoseconds": nine digits and Z must be accepted. RFC 3339 (and
    // CloudEvents 0.3's time) make the fraction optional and any length, allow a lower-case z and offsets: open.
    return fieldCases(
      'notify',
      validNotification(context),
      'time',
      [nanosTime(context.nowMs - day, '000000001'), `${nanos}Z`, '2024-02-29T23:59:59.123456789Z'],
      [
        iso.replace('T', ' ').replace('.', ',').slice(0, 19),
        String(context.nowMs),
        '2026-02-30T10:00:00.123456789Z',
        '2026-01-01T10:00:00.123456789',
        'yesterday',
        '',
      ],
      [`${nanos}+00:00`, `${nanos}z`, `${nanos}+02:00`, `${nanos}-05:30`, `${iso.slice(0, 19)}Z`, iso],
    );
  },
};

/**
 * Valid values a notification may take, one case each: every type and code; specversion absent. The sources other
 * than Issuer ("Always use `Issuer`") are observed.
 */
export function validNotificationCases(context: LoyaltyContext): LoyaltyCase[] {
  const base = validNotification(context);
  const otherSources = notificationSources.filter((source) => source !== base.source);
  return [
    ...otherSources.map(
      (source): LoyaltyCase => ({
        operation: 'notify',
        body: withField(base, 'source', source),
        outcome: observedOutcome,
        why: `source ${source}`,
      }),
    ),
    ...[
      base,
      ...notificationTypes.map((type) => withField(base, 'type', type)),
      ...notificationCodes.map((code) =>
        withField(base, 'data', {
          code,
          program_account_id: 'FF1',
          reason_code: 'R1',
          description: 'd',
          developer_message: 'm',
        }),
      ),
      withField(base, 'specversion', absent),
      { ...base, id: 'event-1', requestor_order_id: 'order-1' },
    ].map(
      (body): LoyaltyCase => ({
        operation: 'notify',
        body,
        outcome: 'accepted',
        why: `notification ${JSON.stringify(body)}`,
      }),
    ),
  ];
}

/** Valid orders: every program code, optional fields, simulation false. */
export function validOrderCases(context: LoyaltyContext): LoyaltyCase[] {
  return [
    ...context.programCodes.map((program) => validOrder(context, program)),
    {
      ...validOrder(context),
      program_bonus_code: 'BONUS-1',
      points_needed: amount,
      partner_point_value: { ...amount, value: 12.5 },
      simulation: false,
      network: { institution_id: context.institutionId, network_id: 'net-1' },
    },
    {
      ...validOrder(context),
      demographics: demographicsWith(
        Object.keys(
          demographicsWith([
            'TITLE',
            'FIRST_NAME',
            'LAST_NAME',
            'DOB',
            'TELEPHONE',
            'EMAIL',
            'ADDR_LINE_1',
            'CITY',
            'STATE',
            'COUNTRY',
          ]),
        ),
      ),
    },
  ].map((body) => ({
    operation: 'transfer',
    body,
    outcome: 'accepted',
    why: `order for ${String(body.program_code)}`,
  }));
}

/** Valid subscriptions: benefit_id or external_benefit, every optional field. */
export function validSubscriptionCases(context: LoyaltyContext): LoyaltyCase[] {
  const base = validSubscription(context);
  return [
    base,
    {
      ...base,
      network_info: { institution_id: context.institutionId, network_id: 'net-1' },
      program_account_id: 'GUEST-1',
      demographic: demographicsWith(['FIRST_NAME', 'LAST_NAME', 'EMAIL']),
    },
    { ...base, external_benefit: { id: 'x', system: 'crm' } },
  ].map((body) => ({ operation: 'subscribe', body, outcome: 'accepted', why: `subscription ${JSON.stringify(body)}` }));
}
