import { said } from '../rule-quotes.ts';
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

/** A sentence of document 2, part A, and the word or cell that makes it a demand (absent: context or observed). */
/** The published texts the notification's `time` points at: CloudEvents 0.3 (its specversion) and RFC 3339. */
const cloudEvents03 = {
  title: 'CloudEvents',
  version: '0.3',
  section: 'Context Attributes: time',
  url: 'https://github.com/cloudevents/spec/blob/v0.3/spec.md#time',
};
const rfc3339 = {
  title: 'RFC 3339, Date and Time on the Internet: Timestamps',
  version: 'July 2002',
  section: '5.6. Internet Date/Time Format',
  url: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
};

// Sentences and table rows of document 2, part A, word for word (test/rules/rule-quotes.test.ts finds each in it).
const headers =
  'Headers for all three operations: `X-NET-API-KEY` (required), `Authorization` (required), `correlation_id` (required; unique request identifier for end-to-end tracing, may be empty for direct browser or app calls).';
const alsoRequire =
  'Subscribe and transfer also require `sender` (string; sender information such as issuer or service provider) and `keyname` (string; name of the key used to encrypt the payload; must begin with MK for operations of the high-protection encryption kind).';
const authentication =
  '**A. Loyalty network.** Every operation needs the `X-NET-API-KEY` header carrying the application key issued at app registration, plus one of these `Authorization` forms:';
const macForm =
  'HMAC over one-way TLS: the header value begins with `MAC` followed by comma-separated name=value pairs: `id` (client ID from onboarding), `ts` (client timestamp, Unix epoch in milliseconds), `nonce` (unique string, different for each request), `bodyhash` (hash of the body), `mac` (HMAC SHA256 signature generated with the client secret).';
const oauth =
  'OAuth 2.0 client credentials: exchange key and secret for a bearer token and send `Authorization: Bearer <ACCESS_TOKEN>`.';
const subscribeBody =
  'network_info (Network_Info, required); instrument_id (string, issuer-internal instrument ID, required); benefit_id (string, optional; required only when external_benefit is not used); external_benefit (optional);';
const subscribeAnswer = 'demographic (Demographics, optional). | 202 accepted, empty JSON object.';
const externalBenefit = '**External_Benefit** (both optional): `id` string, `system` string.';
const institutionRow = 'institution_id | string | yes | Identifies the issuer.';
const orderRequired =
  "requestor_order_id (string, required; unique across all time per consumer or channel); order_date_time (datetime, required; pattern yyyy-MM-dd'T'HH:mm:ss.SSS'Z'); instrument_id (string, required); program_code (enum, required); program_account_id (string, required; partner account number); network (Network_Info, required);";
const orderAnswer =
  'simulation (boolean, optional, default false). | 202 acknowledged, empty JSON object; the order is sent on after validation completes.';
const programCodes =
  '`program_code` allowed values: nine codes, one per partner program: PROGRAM_AIRLINE_1, PROGRAM_AIRLINE_2, PROGRAM_AIRLINE_3, PROGRAM_AIRLINE_4, PROGRAM_AIRLINE_5, PROGRAM_AIRLINE_6 (six airline programs), PROGRAM_HOTEL_1, PROGRAM_HOTEL_2, PROGRAM_HOTEL_3 (three hotel programs).';
const placeholders = 'partner program codes are written as placeholders.';
const valueRow = 'value | double | yes | Amount in the given currency.';
const currencyTypeRow = 'currency_type | enum | yes | `POINTS`, `CASH`, `GIFT`. Always use POINTS.';
const currencyCodeRow = 'currency_code | string | yes | 3-letter ISO currency code.';
const simulation =
  'When simulation is true, the processor runs all eligibility checks without invoking the transactions operation.';
const mandatoryDemographics =
  'The API validates the mandatory fields of the specific partner program; which fields are mandatory depends on the partner';
const notifyRow =
  'Notification (source, type, time, data required; specversion, id, requestor_order_id optional). Receives a notification from the loyalty system. Only Authorization and correlation_id headers plus the API key header apply. | 202 accepted, empty JSON object.';
const sourceRow =
  'source | enum | yes | `lty-data-press`, `Issuer`, `Servicing`, `Web`, `Mobile`. Always use `Issuer`.';
const typeRow =
  'type | enum | yes | `lty.v1.acquisition`, `lty.v1.benefitEnrolled`, `lty.v1.partner.award`, `lty.demographic.replaced`, `lty.v1.cancellation`, `lty.v1.productTransfer`, `lty.v1.reinstatement`.';
const timeRow = 'time | string | yes | Event initiation time in UTC, RFC 3339 with nanoseconds.';
const specversionRow = 'specversion | enum | no | `0.3` (always). Cloud-event specification version.';
const notificationData =
  '**NotificationData**: `code` enum required (`SUCCESS`, `FAILURE`); optional strings `program_account_id` (frequent flyer or frequent guest number), `reason_code` (partner-specific failure code, optional on failure), `description` (short status description), `developer_message`.';
const errors =
  '**Loyalty network** (400, 403, 404, 409 business conflict, 500): body with optional strings `error_code`, `user_message`, `developer_message`.';
/** The one listed status of a request whose body breaks a field's rule (see docs/coverage.md, Readings, loyalty). */
const refused400 = said(errors, '400');

/** Every rule of part A of document 2: subscribe, points-transfer orders, event notify, their auth and errors. */
export const loyaltyRules = defineRules<LoyaltySectionRead>()([
  {
    id: 'loyalty.headers.api-key',
    family,
    source: source('Endpoints, A; Authentication, A'),
    statement: 'Every operation without X-NET-API-KEY, with it empty or with a key never issued is refused (4xx).',
    quotes: [said(headers, '`X-NET-API-KEY` (required)'), said(authentication, 'needs')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.authorization',
    family,
    source: source('Endpoints, A; Authentication, A'),
    statement: 'Every operation without Authorization is refused (4xx).',
    quotes: [
      said(headers, '`Authorization` (required)'),
      said(authentication, 'plus one of these `Authorization` forms'),
    ],
    check: 'unauthorized-status',
  },
  {
    id: 'loyalty.headers.correlation-id',
    family,
    source: source('Endpoints, A'),
    statement:
      'Every operation without the correlation_id header is refused (4xx); what an empty one gets is observed (the document allows it for direct browser or app calls).',
    quotes: [said(headers, '`correlation_id` (required')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.sender',
    family,
    source: source('Endpoints, A'),
    statement: 'Subscribe and transfer without the sender header are refused (4xx).',
    quotes: [said(alsoRequire, 'also require `sender`')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.headers.keyname',
    family,
    source: source('Endpoints, A'),
    statement: 'Subscribe and transfer without the keyname header are refused (4xx).',
    quotes: [said(alsoRequire, 'require')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'loyalty.mac.wrong-mac',
    family,
    source: source('Authentication, A. 1'),
    statement: 'A MAC header whose mac is altered or keyed with another secret is refused (4xx), on every operation.',
    quotes: [said(macForm, '`mac` (HMAC SHA256 signature generated with the client secret)')],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.unknown-id',
    family,
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header whose id is not the client id from onboarding (other, altered, empty) is refused (4xx), even with a mac the recipe computes correctly.',
    quotes: [said(macForm, '`id` (client ID from onboarding)')],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.other-request',
    family,
    prerequisites: ['loyalty.mac.bodyhash'],
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header signed for another body or another path (bodyhash and mac consistent with that request) is refused (4xx).',
    quotes: [said(macForm, '`bodyhash` (hash of the body)'), said(macForm)],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.bodyhash',
    family,
    source: source('Authentication, A. 1'),
    statement:
      'A MAC header whose bodyhash is not the hash of the body sent (the mac signed over that wrong bodyhash) is refused (4xx).',
    quotes: [said(macForm, '`bodyhash` (hash of the body)')],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.nonce-reuse',
    family,
    prerequisites: ['loyalty.notify.accepted'],
    source: source('Authentication, A. 1'),
    statement: 'A nonce already used is refused (4xx) the second time, even on another operation with a fresh mac.',
    quotes: [said(macForm, '`nonce` (unique string, different for each request)')],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.mac.timestamp-window',
    family,
    source: source('Authentication, A. 1 (window set by the target entry)'),
    statement:
      "A ts older or further ahead than the entry's window is refused (4xx); a ts within it, past or future, is accepted.",
    quotes: [said(macForm, '`ts` (client timestamp, Unix epoch in milliseconds)')],
    check: 'timestamp-window',
    ...withMac,
  },
  {
    id: 'loyalty.mac.header-parts',
    family,
    source: source('Authentication, A. 1'),
    statement: 'A MAC header missing any one of id, ts, nonce, bodyhash and mac is refused (4xx).',
    quotes: [said(macForm, 'the header value begins with `MAC` followed by comma-separated name=value pairs')],
    check: 'unauthorized-status',
    ...withMac,
  },
  {
    id: 'loyalty.bearer.accepted',
    family,
    source: source('Authentication, A. 3'),
    statement: 'Every operation with the bearer form and a valid token is accepted (202).',
    quotes: [
      said(oauth, 'send `Authorization: Bearer <ACCESS_TOKEN>`'),
      said(authentication, 'plus one of these `Authorization` forms'),
    ],
    check: 'status-for-valid-input',
    ...withBearer,
  },
  {
    id: 'loyalty.bearer.invalid',
    family,
    source: source('Authentication, A. 3'),
    statement: 'A bearer token never issued (altered, truncated, extended, another scheme) is refused (4xx).',
    quotes: [said(oauth, 'exchange key and secret for a bearer token')],
    check: 'unauthorized-status',
    ...withBearer,
  },
  {
    id: 'loyalty.subscribe.accepted',
    family,
    source: source('Endpoints, A; Resources, A'),
    statement:
      'Valid subscriptions (benefit_id or external_benefit, network_id, program_account_id and demographic present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty).',
    quotes: [said(subscribeAnswer, '202 accepted'), said(subscribeBody), said(externalBenefit, '(both optional)')],
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.subscribe.benefit-id',
    family,
    source: source('Endpoints, A'),
    statement:
      'A subscription with neither benefit_id nor external_benefit is 400; with either one (external_benefit even empty) it is 202.',
    quotes: [
      said(subscribeBody, 'required only when external_benefit is not used'),
      said(externalBenefit, '(both optional)'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.subscribe.required-fields',
    family,
    source: source('Endpoints, A; Resources, A. Network_Info'),
    statement:
      'A subscription without network_info, network_info.institution_id or instrument_id, or with one of them null or not a string, is 400.',
    quotes: [
      said(subscribeBody, 'network_info (Network_Info, required); instrument_id (string'),
      said(institutionRow, 'string | yes'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.accepted',
    family,
    source: source('Endpoints, A; Resources, A'),
    statement:
      'Valid points-transfer orders (every program code with its mandatory demographics; amounts in POINTS, the currency_type the document says always to use; optional fields present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty).',
    quotes: [said(orderAnswer, '202 acknowledged'), said(programCodes, 'nine codes'), said(currencyTypeRow)],
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.transfer.required-fields',
    family,
    source: source('Endpoints, A'),
    statement:
      'An order without requestor_order_id, order_date_time, instrument_id, program_code, program_account_id, network or network.institution_id, or with one of them null (the string ones: not a string), is 400.',
    quotes: [said(orderRequired, 'required'), said(institutionRow, 'string | yes'), refused400],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.order-date-time',
    family,
    source: source('Endpoints, A'),
    statement:
      "order_date_time must match yyyy-MM-dd'T'HH:mm:ss.SSS'Z' (leap days and the last millisecond of a day accepted); other forms (no or more fraction digits, an offset, no zone, a space, date only, epoch, impossible dates) are 400.",
    quotes: [said(orderRequired, "pattern yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"), refused400],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.program-code',
    family,
    source: source('Endpoints, A. program_code'),
    statement:
      'program_code accepts the nine program codes; any other value (other case, a tenth program, empty) is 400.',
    quotes: [said(programCodes, 'allowed values: nine codes'), said(placeholders), refused400],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.amount',
    family,
    source: source('Resources, A. Amount'),
    statement:
      'An Amount (points_needed, partner_point_value) needs a numeric value, a currency_type of POINTS, CASH or GIFT and a three-letter currency_code; breaking any of these is 400. POINTS amounts are accepted; what a target makes of CASH and GIFT ("Always use POINTS") is observed.',
    quotes: [
      said(valueRow, 'double | yes'),
      said(currencyTypeRow, 'enum | yes | `POINTS`, `CASH`, `GIFT`'),
      said(currencyTypeRow),
      said(currencyCodeRow, '3-letter ISO currency code'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.order-id-unique',
    family,
    prerequisites: ['loyalty.transfer.accepted'],
    source: source('Endpoints, A; Errors, A'),
    statement:
      'A requestor_order_id already used is 409 (its body judged by loyalty.errors.body), whatever else the second order holds, right after the first use and late in the run alike.',
    quotes: [
      said(orderRequired, 'unique across all time per consumer or channel'),
      said(errors, '409 business conflict'),
    ],
    check: 'order-id-conflict',
  },
  {
    id: 'loyalty.transfer.simulation',
    family,
    source: source('Endpoints, A'),
    statement:
      'A simulated order (simulation true) runs the checks: a valid one is 202, an invalid one 400. It spares no later real order its checks: a real order under a simulated id, invalid for one field, is 400 (or 409 where the simulation took the id). Whether it takes its requestor_order_id (a second simulation, then a real order, under it: 202 or 409) is observed: "without invoking the transactions operation" does not say.',
    quotes: [
      said(simulation, 'runs all eligibility checks'),
      said(simulation),
      said(orderAnswer, 'the order is sent on after validation completes'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.transfer.program-demographics',
    family,
    source: source('Resources, A. Demographics (mandatory fields per program set by the target entry)'),
    statement:
      "An order missing one of its program's mandatory demographic fields (the entry's list per program) is 400; with them all it is 202.",
    quotes: [said(mandatoryDemographics, 'validates the mandatory fields of the specific partner program'), refused400],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.accepted',
    family,
    source: source('Endpoints, A; Resources, A. Notification; Events'),
    statement:
      'Valid notifications (source Issuer, every type and data.code, specversion 0.3 or absent, optional fields present or not) answer 202 (the body is judged by loyalty.bodies.accepted-empty); what a target makes of the other sources of the enumeration ("Always use `Issuer`") is observed.',
    quotes: [
      said(notifyRow, '202 accepted'),
      said(sourceRow, 'Always use `Issuer`'),
      said(sourceRow),
      said(typeRow, 'enum | yes'),
      said(notificationData, '`code` enum required (`SUCCESS`, `FAILURE`)'),
      said(specversionRow, 'enum | no'),
    ],
    check: 'status-for-valid-input',
  },
  {
    id: 'loyalty.notify.required-fields',
    family,
    source: source('Resources, A. Notification'),
    statement: 'A notification without source, type, time, data or data.code is 400.',
    quotes: [
      said(notifyRow, 'source, type, time, data required'),
      said(notificationData, '`code` enum required'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.enums',
    family,
    source: source('Resources, A. Notification; Versioning'),
    statement:
      'A notification whose source, type, data.code or specversion is outside its enumeration (other case, near misses, 1.0) is 400.',
    quotes: [
      said(sourceRow, '`lty-data-press`, `Issuer`, `Servicing`, `Web`, `Mobile`'),
      said(typeRow, 'enum'),
      said(notificationData, '(`SUCCESS`, `FAILURE`)'),
      said(specversionRow, '`0.3` (always)'),
      said('Event notifications carry specversion `0.3`.', 'carry specversion `0.3`'),
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.notify.time',
    family,
    source: source('Resources, A. Notification'),
    statement:
      'time ("Event initiation time in UTC, RFC 3339 with nanoseconds") written with nine fraction digits and Z is accepted; what is not RFC 3339 (no zone, epoch, a space, words, empty) and impossible dates are 400. What a target makes of a time without a fraction or with fewer digits (RFC 3339 and CloudEvents 0.3, whose specversion the notification carries, make the fraction optional), of UTC written +00:00 or with a lower-case z, and of other offsets, is observed.',
    quotes: [
      said(timeRow, 'RFC 3339'),
      {
        text: 'If present, MUST adhere to the format specified in [RFC 3339](https://tools.ietf.org/html/rfc3339)',
        demand: 'MUST adhere to the format specified in',
        from: cloudEvents03,
      },
      said(specversionRow),
      said(timeRow),
      { text: 'partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]', from: rfc3339 },
      {
        text: 'NOTE: Per [ABNF] and ISO8601, the "T" and "Z" characters in this syntax may alternatively be lower case "t" or "z" respectively.',
        from: rfc3339,
      },
      refused400,
    ],
    check: 'body-case-status',
  },
  {
    id: 'loyalty.bodies.accepted-empty',
    family,
    source: source('Endpoints, A'),
    statement: 'The 202 of subscribe, transfer and notify is an empty JSON object: `{}`, no member.',
    quotes: [
      said(subscribeAnswer, 'empty JSON object'),
      said(orderAnswer, 'empty JSON object'),
      said(notifyRow, 'empty JSON object'),
    ],
    check: 'empty-json-object',
  },
  {
    id: 'loyalty.bodies.json',
    family,
    source: source('Endpoints ("All bodies are JSON")'),
    statement:
      'Every answer body, 202 and error alike, is labelled application/json (or a +json type) and parses as JSON.',
    quotes: [said('All bodies are JSON.', 'All bodies are JSON')],
    check: 'json-body',
  },
  {
    id: 'loyalty.errors.body',
    family,
    source: source('Errors, A'),
    statement:
      'Every error answer of a listed status (400, 403, 404, 409, 500) is a JSON object whose error_code, user_message and developer_message are strings when present; the bodies of other statuses (a 401, say), which the document does not describe, are observed.',
    quotes: [said(errors, 'body with optional strings `error_code`, `user_message`, `developer_message`')],
    check: 'loyalty-error-bodies',
  },
]);

export type LoyaltyRuleId = (typeof loyaltyRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    loyalty: LoyaltyRuleId;
  }
}
