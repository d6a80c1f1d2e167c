import { defineRules } from '../rule.ts';
import { loyaltySource as source } from './source.ts';

/** What the rules' `appliesTo` reads of the loyalty section of a target entry. */
type LoyaltySectionRead = { mac?: unknown; bearerToken?: unknown };
const family = 'loyalty';
const withMac = {
  appliesTo: (section: LoyaltySectionRead) => section.mac !== undefined,
  applicability: 'loyalty target entry with mac settings',
};
const withBearer = {
  appliesTo: (section: LoyaltySectionRead) => section.bearerToken !== undefined,
  applicability: 'loyalty target entry with a bearerToken',
};

/** Every rule of part A of document 2: subscribe, points-transfer orders, event notify, their auth and errors. */
export const loyaltyRules = defineRules<LoyaltySectionRead>()([
  {
    id: 'loyalty.headers.api-key',
    family,
    source: source('Endpoints, A; Authentication, A'),
    statement: 'Every operation without X-NET-API-KEY, with it empty or with a key never issued is refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.authorization',
    family,
    source: source('Endpoints, A; Authentication, A'),
    statement: 'Every operation without Authorization is refused (4xx).',
    check: 'unauthorized-status',
  },
  {
    id: 'loyalty.headers.correlation-id',
    family,
    source: source('Endpoints, A'),
    statement:
      'Every operation without the correlation_id header is refused (4xx); what an empty one gets is observed (the document allows it for direct browser or app calls).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.sender',
    family,
    source: source('Endpoints, A'),
    statement: 'Subscribe and transfer without the sender header are refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.keyname',
    family,
    source: source('Endpoints, A'),
    statement: 'Subscribe and transfer without the keyname header are refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.mac.wrong-mac',
    family,
    source: source('Authentication, A. 1'),
    statement: 'A MAC header whose mac is altered or keyed with another secret is refused (4xx), on every operation.',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.unknown-id',
    family,
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header whose id is not the client id from onboarding (other, altered, empty) is refused (4xx), even with a mac the recipe computes correctly.',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.other-request',
    family,
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header signed for another body or another path (bodyhash and mac consistent with that request) is refused (4xx).',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.bodyhash',
    family,
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header whose bodyhash is not the hash of the body sent (the mac signed over that wrong bodyhash) is refused (4xx).',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.nonce-reuse',
    family,
    source: source('Authentication, A. 1'),
    statement: 'A nonce already used is refused (4xx) the second time, even on another operation with a fresh mac.',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.timestamp-window',
    family,
    source: source('Authentication, A. 1 (window set by the target entry)'),
    statement:
      "A ts older or further ahead than the entry's window is refused (4xx); a ts within it, past or future, is accepted.",
    check: 'timestamp-window',
    ...withMac,
  },
  {
    id: 'loyalty.mac.header-parts',
    family,
    source: source('Authentication, A. 1'),
    statement: 'A MAC header missing any one of id, ts, nonce, bodyhash and mac is refused (4xx).',
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.bearer.accepted',
    family,
    source: source('Authentication, A. 3'),
    statement: 'Every operation with the bearer form and a valid token is accepted (202).',
    check: 'status-for-valid-input',
    ...withBearer,
  },
  {
    id: 'loyalty.bearer.invalid',
    family,
    source: source('Authentication, A. 3'),
    statement: 'A bearer token never issued (altered, truncated, extended, another scheme) is refused (4xx).',
    check: 'unauthorized-status',
    ...withBearer,
  },
  {
    id: 'loyalty.subscribe.accepted',
    family,
    source: source('Endpoints, A; Resources, A'),
    statement:
      'Valid subscriptions (benefit_id or external_benefit, network_id, program_account_id and demographic present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty).',
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.subscribe.benefit-id',
    family,
    source: source('Endpoints, A'),
    statement:
      'A subscription with neither benefit_id nor external_benefit is 400; with either one (external_benefit even empty) it is 202.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.subscribe.required-fields',
    family,
    source: source('Endpoints, A; Resources, A. Network_Info'),
    statement:
      'A subscription without network_info, network_info.institution_id or instrument_id, or with one of them null or not a string, is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.accepted',
    family,
    source: source('Endpoints, A; Resources, A'),
    statement:
      'Valid points-transfer orders (every program code with its mandatory demographics; amounts of every currency_type; optional fields present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty).',
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.transfer.required-fields',
    family,
    source: source('Endpoints, A'),
    statement:
      'An order without requestor_order_id, order_date_time, instrument_id, program_code, program_account_id, network or network.institution_id, or with one of them null (the string ones: not a string), is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.order-date-time',
    family,
    source: source('Endpoints, A'),
    statement:
      "order_date_time must match yyyy-MM-dd'T'HH:mm:ss.SSS'Z' (leap days and the last millisecond of a day accepted); other forms (no or more fraction digits, an offset, no zone, a space, date only, epoch, impossible dates) are 400.",
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.program-code',
    family,
    source: source('Endpoints, A. program_code'),
    statement:
      'program_code accepts the nine program codes; any other value (other case, a tenth program, empty) is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.amount',
    family,
    source: source('Resources, A. Amount'),
    statement:
      'An Amount (points_needed, partner_point_value) needs a numeric value, a currency_type of POINTS, CASH or GIFT and a three-letter currency_code; breaking any of these is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.order-id-unique',
    family,
    source: source('Endpoints, A; Errors, A'),
    statement:
      'A requestor_order_id already used is 409 (its body judged by loyalty.errors.body), whatever else the second order holds, right after the first use and late in the run alike.',
    check: 'order-id-conflict',
  },
  {
    id: 'loyalty.transfer.simulation',
    family,
    source: source('Endpoints, A'),
    statement:
      'A simulated order (simulation true) is validated (an invalid one is 400) and creates nothing: a real order with its requestor_order_id afterwards is 202.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.program-demographics',
    family,
    source: source('Resources, A. Demographics (mandatory fields per program set by the target entry)'),
    statement:
      "An order missing one of its program's mandatory demographic fields (the entry's list per program) is 400; with them all it is 202.",
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.accepted',
    family,
    source: source('Endpoints, A; Resources, A. Notification; Events'),
    statement:
      'Valid notifications (every source, type and data.code, specversion 0.3 or absent, optional fields present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty).',
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.notify.required-fields',
    family,
    source: source('Resources, A. Notification'),
    statement: 'A notification without source, type, time, data or data.code is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.enums',
    family,
    source: source('Resources, A. Notification; Versioning'),
    statement:
      'A notification whose source, type, data.code or specversion is outside its enumeration (other case, near misses, 1.0) is 400.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.time',
    family,
    source: source('Resources, A. Notification'),
    statement:
      'time ("Event initiation time in UTC, RFC 3339 with nanoseconds") written with nine fraction digits and Z is accepted; other forms (no fraction, no zone, epoch, a space, impossible dates) are 400; what a target makes of UTC written +00:00 or with a lower-case z, and of other offsets, is observed.',
    check: 'body-case-status',
  },
  {
    id: 'loyalty.bodies.accepted-empty',
    family,
    source: source('Endpoints, A'),
    statement: 'The 202 of subscribe, transfer and notify is an empty JSON object: `{}`, no member.',
    check: 'empty-json-object',
  },
  {
    id: 'loyalty.bodies.json',
    family,
    source: source('Endpoints ("All bodies are JSON")'),
    statement:
      'Every answer body, 202 and error alike, is labelled application/json (or a +json type) and parses as JSON.',
    check: 'json-body',
  },
  {
    id: 'loyalty.errors.body',
    family,
    source: source('Errors, A'),
    statement:
      'Every error answer (400, 403, 404, 409, 500) is a JSON object whose error_code, user_message and developer_message are strings when present.',
    check: 'loyalty-error-bodies',
  },
]);

export type LoyaltyRuleId = (typeof loyaltyRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    loyalty: LoyaltyRuleId;
  }
}
