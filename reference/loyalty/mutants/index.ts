import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import type { RuleIdSuffix } from '../../../rules/rule-id.ts';
import { loyaltyOperations } from '../../../rules/loyalty/records.ts';
import { referenceBehaviour, type LoyaltyBehaviour, type LoyaltyMemory } from '../behaviour.ts';
import { referenceValidators, type Validator, type Validators } from '../validators.ts';
import { notificationSources } from '../../../rules/loyalty/limits.ts';

type LoyaltyMutant = BehaviourMutant<LoyaltyBehaviour>;

/** The ids of simulated orders that passed their checks, per network's memory (for one mutant). */
const simulatedIds = new WeakMap<LoyaltyMemory, Set<string>>();

const mutant = (
  name: string,
  breaks: RuleIdSuffix<'loyalty'>,
  description: string,
  change: Partial<LoyaltyBehaviour>,
): LoyaltyMutant => ({ name, family: 'loyalty', breaks: `loyalty.${breaks}`, mode: 'default', description, change });

/** A behaviour whose one validator is replaced. */
const validator = (name: keyof Validators, replaced: Validator): Partial<LoyaltyBehaviour> => ({
  validators: { ...referenceValidators, [name]: replaced },
});

const definitions: readonly LoyaltyMutant[] = [
  mutant('loyalty-any-api-key', 'headers.api-key', 'Any non-empty X-NET-API-KEY is accepted.', {
    apiKeyAccepted: (value) => value !== undefined && value !== '',
  }),
  mutant(
    'loyalty-notify-without-authorization',
    'headers.authorization',
    'Event notify is accepted without Authorization.',
    { authorizationOptional: (operation) => operation === 'notify' },
  ),
  mutant(
    'loyalty-notify-without-correlation-id',
    'headers.correlation-id',
    'Event notify does not require correlation_id.',
    { requiredHeaders: (operation) => (operation === 'notify' ? [] : referenceBehaviour.requiredHeaders(operation)) },
  ),
  mutant('loyalty-transfer-without-sender', 'headers.sender', 'Transfer orders do not require sender.', {
    requiredHeaders: (operation) =>
      referenceBehaviour.requiredHeaders(operation).filter((name) => operation !== 'transfer' || name !== 'sender'),
  }),
  mutant('loyalty-subscribe-without-keyname', 'headers.keyname', 'Subscriptions do not require keyname.', {
    requiredHeaders: (operation) =>
      referenceBehaviour.requiredHeaders(operation).filter((name) => operation !== 'subscribe' || name !== 'keyname'),
  }),
  mutant('loyalty-mac-prefix-compared', 'mac.wrong-mac', 'Only the first 8 characters of the mac are compared.', {
    macMatches: (given, expected) => given.slice(0, 8) === expected.slice(0, 8),
  }),
  mutant('loyalty-mac-id-ignored', 'mac.unknown-id', 'The MAC id is not looked at (one secret for every client).', {
    idAccepted: () => true,
  }),
  mutant(
    'loyalty-mac-any-operation-path',
    'mac.other-request',
    'A mac signed for any of the three operation paths is accepted.',
    {
      macPaths: (requestPath) => [
        requestPath,
        ...Object.values(loyaltyOperations).map((path) =>
          requestPath.replace(/\/(benefits|redemption_types|v1)\/.*$/, path),
        ),
      ],
    },
  ),
  mutant('loyalty-bodyhash-not-checked', 'mac.bodyhash', 'bodyhash is signed but never compared with the body.', {
    bodyhashChecked: false,
  }),
  mutant('loyalty-nonces-forgotten', 'mac.nonce-reuse', 'Nonces are not remembered.', { noncesRemembered: false }),
  mutant(
    'loyalty-nonces-forgotten-after-three-seconds',
    'mac.nonce-reuse',
    'A nonce is remembered for three seconds only (the ts window is five minutes): a replay late in the run is accepted.',
    { nonceMemoryMs: 3000 },
  ),
  // Faults only a sequence of requests shows: each single request behaves (the stateful phase's to find).
  mutant(
    'loyalty-transfer-keeps-own-nonces',
    'mac.nonce-reuse',
    'Transfer orders keep their nonces apart from subscribe and notify: a nonce used on one side is accepted again on the other.',
    { nonceScope: (operation) => (operation === 'transfer' ? 'transfer' : 'every operation') },
  ),
  mutant(
    'loyalty-body-refusal-forgets-nonces',
    'mac.nonce-reuse',
    'A request refused for a field of its body clears every used nonce: a nonce used before it is accepted again after it.',
    { afterBodyRefusal: (memory) => memory.nonces.clear() },
  ),
  mutant(
    'loyalty-window-fifteen-seconds-wider',
    'mac.timestamp-window',
    "The ts window tolerates fifteen seconds more than the entry's window, on both sides.",
    { tsAccepted: (ts, now, windowMs) => Math.abs(now - ts) <= windowMs + 15_000 },
  ),
  mutant('loyalty-future-ts-unbounded', 'mac.timestamp-window', 'A ts in the future is never too far ahead.', {
    tsAccepted: (ts, now, windowMs) => now - ts <= windowMs,
  }),
  mutant('loyalty-nonce-part-optional', 'mac.header-parts', 'A MAC header without nonce is accepted.', {
    macPartsRequired: ['id', 'ts', 'bodyhash', 'mac'],
  }),
  mutant('loyalty-bearer-refused-on-subscribe', 'bearer.accepted', 'The bearer form is refused on subscribe.', {
    bearerAccepted: (authorization, token, operation) =>
      operation !== 'subscribe' && referenceBehaviour.bearerAccepted(authorization, token, operation),
  }),
  mutant(
    'loyalty-bearer-prefix-accepted',
    'bearer.invalid',
    'A bearer token that begins with the token first 8 characters is accepted.',
    { bearerAccepted: (authorization, token) => authorization.startsWith(`Bearer ${token.slice(0, 8)}`) },
  ),
  mutant(
    'loyalty-subscribe-account-refused',
    'subscribe.accepted',
    'A subscription with program_account_id is refused.',
    {
      extraProblem: (operation, body) =>
        operation === 'subscribe' && body.program_account_id !== undefined
          ? 'program_account_id not allowed'
          : undefined,
    },
  ),
  mutant(
    'loyalty-benefit-optional',
    'subscribe.benefit-id',
    'benefit_id is never required.',
    validator('subscribeBenefit', () => undefined),
  ),
  mutant(
    'loyalty-subscribe-institution-optional',
    'subscribe.required-fields',
    'network_info.institution_id is not required.',
    validator('subscribeRequired', (body, mandatory) =>
      referenceValidators.subscribeRequired({ ...body, network_info: { institution_id: 'x' } }, mandatory),
    ),
  ),
  mutant('loyalty-bonus-code-refused', 'transfer.accepted', 'An order with program_bonus_code is refused.', {
    extraProblem: (operation, body) =>
      operation === 'transfer' && body.program_bonus_code !== undefined ? 'program_bonus_code not allowed' : undefined,
  }),
  mutant(
    'loyalty-account-id-optional',
    'transfer.required-fields',
    'program_account_id is not required.',
    validator('transferRequired', (body, mandatory) =>
      referenceValidators.transferRequired({ program_account_id: 'x', ...body }, mandatory),
    ),
  ),
  mutant(
    'loyalty-date-time-short-fraction',
    'transfer.order-date-time',
    'order_date_time with one to three fraction digits is accepted.',
    validator('orderDateTime', (body, mandatory) =>
      referenceValidators.orderDateTime(
        typeof body.order_date_time === 'string'
          ? {
              order_date_time: body.order_date_time.replace(
                /\.(\d{1,2})Z$/,
                (_m, digits: string) => `.${digits.padEnd(3, '0')}Z`,
              ),
            }
          : body,
        mandatory,
      ),
    ),
  ),
  mutant(
    'loyalty-program-code-any-case',
    'transfer.program-code',
    'program_code is compared without case.',
    validator('programCode', (body, mandatory) =>
      referenceValidators.programCode(
        typeof body.program_code === 'string' ? { program_code: body.program_code.toUpperCase() } : body,
        mandatory,
      ),
    ),
  ),
  mutant(
    'loyalty-two-letter-currency',
    'transfer.amount',
    'A two-letter currency_code is accepted.',
    validator('amount', (body, mandatory) => {
      const padded = (amount: unknown) =>
        typeof amount === 'object' &&
        amount !== null &&
        typeof (amount as Record<string, unknown>).currency_code === 'string'
          ? { ...amount, currency_code: ((amount as Record<string, string>).currency_code as string).padEnd(3, 'X') }
          : amount;
      return referenceValidators.amount(
        { points_needed: padded(body.points_needed), partner_point_value: padded(body.partner_point_value) },
        mandatory,
      );
    }),
  ),
  mutant(
    'loyalty-conflict-only-on-same-order',
    'transfer.order-id-unique',
    'A used requestor_order_id is a conflict only when the whole order repeats.',
    { conflicts: (previous, current) => previous === current },
  ),
  mutant(
    'loyalty-order-ids-forgotten-after-three-seconds',
    'transfer.order-id-unique',
    'A requestor_order_id is remembered for three seconds only: a replay late in the run is accepted.',
    { orderIdMemoryMs: 3000 },
  ),
  mutant(
    'loyalty-body-refusal-releases-order-id',
    'transfer.order-id-unique',
    'An order refused for a field of its body releases the requestor_order_id it carried: an id used before is accepted again after a refused order under it.',
    {
      afterBodyRefusal: (memory, body) => {
        if (typeof body.requestor_order_id === 'string') memory.orders.delete(body.requestor_order_id);
      },
    },
  ),
  mutant(
    'loyalty-simulation-unchecked',
    'transfer.simulation',
    'A simulated order is answered 202 without running the checks.',
    {
      validators: Object.fromEntries(
        Object.entries(referenceValidators).map(([name, check]) => [
          name,
          (body: Record<string, unknown>, mandatory: Parameters<Validator>[1]) =>
            body.simulation === true ? undefined : check(body, mandatory),
        ]),
      ) as Validators,
    },
  ),
  mutant(
    'loyalty-simulation-prevalidates-order',
    'transfer.simulation',
    'A simulated order that passed its checks marks its requestor_order_id as checked: a real order under that id later is accepted without its checks.',
    {
      afterSimulatedOrder: (memory, order) => {
        const checked = simulatedIds.get(memory) ?? new Set<string>();
        checked.add(String(order.requestor_order_id));
        simulatedIds.set(memory, checked);
      },
      skipsBodyChecks: (memory, operation, body) =>
        operation === 'transfer' &&
        body.simulation !== true &&
        (simulatedIds.get(memory)?.has(String(body.requestor_order_id)) ?? false),
    },
  ),
  mutant(
    'loyalty-first-demographic-only',
    'transfer.program-demographics',
    'Only the first mandatory demographic field of a program is checked.',
    validator('demographics', (body, mandatory) =>
      referenceValidators.demographics(body, (program) => mandatory(program).slice(0, 1)),
    ),
  ),
  mutant('loyalty-specversion-required', 'notify.accepted', 'A notification without specversion is refused.', {
    extraProblem: (operation, body) =>
      operation === 'notify' && body.specversion === undefined ? 'specversion required' : undefined,
  }),
  mutant(
    'loyalty-data-code-optional',
    'notify.required-fields',
    'data.code is not required.',
    validator('notifyRequired', (body, mandatory) =>
      referenceValidators.notifyRequired(
        body.data === undefined ? body : { ...body, data: { code: 'SUCCESS' } },
        mandatory,
      ),
    ),
  ),
  mutant(
    'loyalty-source-any-case',
    'notify.enums',
    'source is compared without case.',
    validator('notifyEnums', (body, mandatory) => {
      const source =
        typeof body.source === 'string'
          ? (notificationSources.find((known) => known.toLowerCase() === (body.source as string).toLowerCase()) ??
            body.source)
          : body.source;
      return referenceValidators.notifyEnums({ ...body, source }, mandatory);
    }),
  ),
  mutant(
    'loyalty-time-without-zone-as-utc',
    'notify.time',
    'A time without a zone is read as UTC and accepted.',
    validator('notifyTime', (body, mandatory) =>
      referenceValidators.notifyTime(
        typeof body.time === 'string' && /T[\d:.]+$/.test(body.time) ? { time: `${body.time}Z` } : body,
        mandatory,
      ),
    ),
  ),
  mutant(
    'loyalty-notify-202-with-members',
    'bodies.accepted-empty',
    'The 202 of event notify is {"status":"ACCEPTED"} instead of an empty object.',
    { acceptedBody: (operation) => (operation === 'notify' ? { status: 'ACCEPTED' } : {}) },
  ),
  mutant('loyalty-errors-text-plain', 'bodies.json', 'Error answers carry their JSON body labelled text/plain.', {
    contentType: (status) => (status >= 400 ? 'text/plain; charset=utf-8' : referenceBehaviour.contentType(status)),
  }),
  mutant('loyalty-409-numeric-code', 'errors.body', 'The 409 body carries error_code as a number.', {
    errorBody: (status, message) =>
      status === 409 ? { error_code: 409, user_message: message } : referenceBehaviour.errorBody(status, message),
  }),
];

export const loyaltyMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function loyaltyBehaviourFor(mutantName: string | undefined): LoyaltyBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
