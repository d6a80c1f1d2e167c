import type { MutantInfo } from '../../family-reference.ts';
import { exchangeRuleIds as id } from '../../../rules/exchange/rules.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

const mutant = (name: string, breaks: RuleId, description: string): MutantInfo => ({
  name,
  family: 'exchange',
  breaks,
  mode: 'default',
  description,
});

/** Faulty variants of the exchange reference, one per rule. */
export const exchangeMutants: MutantInfo[] = [
  mutant('exchange-code-number', id.codeString, 'Answers code as the number 0 on success.'),
  mutant('exchange-success-00', id.successCode, 'Answers code "00" on success.'),
  mutant('exchange-msg-on-success', id.msg, 'Answers msg "ok" on success.'),
  mutant('exchange-data-object-on-refusal', id.data, 'A request refused as a whole answers data {} instead of [].'),
  mutant(
    'exchange-code-out-of-range',
    id.codeRange,
    'A request refused as a whole for its body (not JSON, not a non-empty array, too many orders) answers code "1" instead of 51000.',
  ),
  mutant('exchange-failed-item-no-ordid', id.itemFields, 'Failed batch items carry no ordId field.'),
  mutant('exchange-third-item-fails', id.itemSuccess, 'The third order of a batch gets sCode 51000 even when valid.'),
  mutant('exchange-balance-as-parameter', id.itemFailure, 'An unaffordable order gets sCode 51000 instead of 51008.'),
  mutant(
    'exchange-unknown-key-accepted',
    id.unknownKey,
    'Requests with an unknown EX-ACCESS-KEY are served from the reference account.',
  ),
  mutant('exchange-signature-unchecked', id.signature, 'EX-ACCESS-SIGN is not verified.'),
  mutant(
    'exchange-rate-limit-code-50000',
    id.rateLimit,
    'Rate-limited requests answer HTTP 429 with code 50000 instead of 50011.',
  ),
  mutant('exchange-timestamp-window-60s', id.timestamp, 'Timestamps up to 60 s from the server clock are accepted.'),
  mutant(
    'exchange-timestamp-window-32s',
    id.timestamp,
    'Timestamps up to 32 s from the server clock are accepted (a tolerance a little wider than documented).',
  ),
  mutant(
    'exchange-timestamp-window-28s',
    id.timestamp,
    'Timestamps more than 28 s from the server clock are refused (a tolerance a little narrower than documented).',
  ),
];

export type ExchangeMutant = (typeof exchangeMutants)[number]['name'];
