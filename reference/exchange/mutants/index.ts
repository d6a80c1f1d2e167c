import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import { exchangeCodes } from '../../../rules/exchange/limits.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { type ExchangeBehaviour, referenceBehaviour } from '../behaviour.ts';

const mutant = (
  name: string,
  breaks: RuleId,
  description: string,
  change: Partial<ExchangeBehaviour>,
): BehaviourMutant<ExchangeBehaviour> => ({ name, family: 'exchange', breaks, mode: 'default', description, change });

/** The reference's envelope, with one change on success answers only. */
const onSuccess =
  (change: Record<string, unknown>): ExchangeBehaviour['envelope'] =>
  (code, msg, data) => ({
    ...referenceBehaviour.envelope(code, msg, data),
    ...(code === exchangeCodes.success ? change : {}),
  });

/** Timestamps accepted up to this many seconds from the server's clock. */
const timestampWindow = (seconds: number): Partial<ExchangeBehaviour> => ({ timestampToleranceMs: seconds * 1000 });

/** Faulty variants of the exchange reference, one per rule. */
const definitions: readonly BehaviourMutant<ExchangeBehaviour>[] = [
  mutant('exchange-code-number', 'exchange.envelope.code-string', 'Answers code as the number 0 on success.', {
    envelope: onSuccess({ code: 0 }),
  }),
  mutant('exchange-success-00', 'exchange.envelope.success-code', 'Answers code "00" on success.', {
    envelope: onSuccess({ code: '00' }),
  }),
  mutant('exchange-msg-on-success', 'exchange.envelope.msg', 'Answers msg "ok" on success.', {
    envelope: onSuccess({ msg: 'ok' }),
  }),
  mutant(
    'exchange-data-object-on-refusal',
    'exchange.envelope.data',
    'A request refused as a whole answers data {} instead of [].',
    {
      refusalData: () => ({}),
    },
  ),
  // Only the refusals of a malformed body: the auth and rate-limit refusals keep their codes, which their own rules
  // judge.
  mutant(
    'exchange-code-out-of-range',
    'exchange.codes.range',
    'A request refused as a whole for its body (not JSON, not a non-empty array, too many orders) answers code "1" instead of 51000.',
    { refusalCode: (code) => (code === exchangeCodes.parameterError ? '1' : code) },
  ),
  mutant(
    'exchange-unknown-order-parameter-error',
    'exchange.codes.order-not-found',
    'The details of an order id never issued answer 51000 (a parameter error) instead of 51603.',
    { unknownOrder: { code: exchangeCodes.parameterError, msg: 'Parameter ordId error' } },
  ),
  mutant('exchange-failed-item-no-ordid', 'exchange.batch.item-fields', 'Failed batch items carry no ordId field.', {
    itemShown: (item) => {
      if (item.sCode === exchangeCodes.success) return item;
      const { ordId: _dropped, ...rest } = item;
      return rest;
    },
  }),
  // Only an order that would succeed: the mutant breaks item success, not the codes of failing items.
  mutant(
    'exchange-third-item-fails',
    'exchange.batch.item-success',
    'The third order of a batch gets sCode 51000 even when valid.',
    {
      validOrderFails: (index) => index === 2,
    },
  ),
  mutant(
    'exchange-balance-as-parameter',
    'exchange.batch.item-failure',
    'An unaffordable order gets sCode 51000 instead of 51008.',
    {
      unaffordable: { sCode: exchangeCodes.parameterError, sMsg: 'Parameter sz error' },
    },
  ),
  mutant(
    'exchange-unknown-key-accepted',
    'exchange.auth.unknown-key',
    'Requests with an unknown EX-ACCESS-KEY are served from the reference account.',
    { unknownKeyServed: true },
  ),
  mutant('exchange-signature-unchecked', 'exchange.auth.signature', 'EX-ACCESS-SIGN is not verified.', {
    signatureChecked: false,
  }),
  mutant(
    'exchange-rate-limit-code-50000',
    'exchange.limits.rate-limit',
    'Rate-limited requests answer HTTP 429 with code 50000 instead of 50011.',
    { rateLimitedCode: '50000' },
  ),
  mutant(
    'exchange-timestamp-window-60s',
    'exchange.auth.timestamp',
    'Timestamps up to 60 s from the server clock are accepted.',
    timestampWindow(60),
  ),
  mutant(
    'exchange-timestamp-window-32s',
    'exchange.auth.timestamp',
    'Timestamps up to 32 s from the server clock are accepted (a tolerance a little wider than documented).',
    timestampWindow(32),
  ),
  mutant(
    'exchange-timestamp-window-28s',
    'exchange.auth.timestamp',
    'Timestamps more than 28 s from the server clock are refused (a tolerance a little narrower than documented).',
    timestampWindow(28),
  ),
];

export const exchangeMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function exchangeBehaviourFor(mutantName: string | undefined): ExchangeBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
