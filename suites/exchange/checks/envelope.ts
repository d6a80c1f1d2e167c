import {
  codeInRange,
  codeText,
  type Envelope,
  isSuccessCode,
  readEnvelope,
  readsAsSuccess,
} from '../client/envelope.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

const shown = (value: unknown) =>
  value === undefined ? 'absent' : `${JSON.stringify(value)} (${Array.isArray(value) ? 'array' : typeof value})`;

/** The envelope of an exchange, or a violation of the rule: no response, or not a JSON object. */
export function envelopeOf(exchange: Exchange): Envelope {
  const response = responseOf(exchange);
  const envelope = readEnvelope(exchange);
  if (!envelope) throw new Violation(`Response (status ${response.status}) is not a JSON object envelope`, [exchange]);
  return envelope;
}

/** `code` is present and a string. */
export function codeIsString(exchange: Exchange): Verdict {
  const { code } = envelopeOf(exchange);
  if (typeof code !== 'string') throw new Violation(`code is ${shown(code)}, not a string`, [exchange]);
  return passed();
}

/**
 * A request that must succeed answers code exactly "0". A number is judged by its value (its type is the
 * code-string rule's); a batch whose items failed did not succeed, which the item rules judge: blocked by them.
 */
export function successCode(exchange: Exchange): Verdict {
  const envelope = envelopeOf(exchange);
  const { code } = envelope;
  if (typeof code === 'number' && code === 0) return passed({ 'code type': 'number (judged by the code-string rule)' });
  if (!isSuccessCode(code) && explainedByItems(envelope)) {
    throw new PrerequisiteMissing(
      ['exchange.batch.item-success', 'exchange.batch.item-failure'],
      `a batch of orders that should all succeed answered code ${shown(code)} with failed items: the items are judged by the item rules`,
      [exchange],
    );
  }
  if (!isSuccessCode(code))
    throw new Violation(`a request that should succeed answered code ${shown(code)}, not exactly the string "0"`, [
      exchange,
    ]);
  return passed();
}

/** `msg` is a string: empty when code is "0", non-empty otherwise. */
export function msgMatchesCode(exchange: Exchange): Verdict {
  const { code, msg } = envelopeOf(exchange);
  if (typeof msg !== 'string') throw new Violation(`msg is ${shown(msg)}, not a string`, [exchange]);
  // Success is read from the code's value: its form is the code rules' to judge.
  if (readsAsSuccess(code) && msg !== '')
    throw new Violation(`msg is ${shown(msg)} with code "0": it must be empty on success`, [exchange]);
  if (!readsAsSuccess(code) && msg.trim() === '')
    throw new Violation(`msg is empty with code ${shown(code)}: a failure must say what went wrong`, [exchange]);
  return passed();
}

/**
 * `data`, when present, is an array; on success it is present. A request the harness knows is refused as a
 * whole (`refusedAsAWhole`) must answer a non-zero code with data empty or absent (handling rule 3).
 */
export function dataIsArray(exchange: Exchange, expected: { refusedAsAWhole?: boolean } = {}): Verdict {
  if (expected.refusedAsAWhole) return fullyFailed(exchange);
  const { code, data } = envelopeOf(exchange);
  if (data === undefined && readsAsSuccess(code))
    throw new Violation('data is absent with code "0": it must be present on success', [exchange]);
  if (data !== undefined && !Array.isArray(data))
    throw new Violation(`data is ${shown(data)}, not an array`, [exchange]);
  return passed();
}

/** A request refused as a whole: non-zero code, and data (if present) empty. */
export function fullyFailed(exchange: Exchange): Verdict {
  const { code, data } = envelopeOf(exchange);
  if (code === undefined || readsAsSuccess(code))
    throw new Violation(`a request refused as a whole answered code ${shown(code)}, not a non-zero code`, [exchange]);
  if (data !== undefined && (!Array.isArray(data) || data.length > 0))
    throw new Violation(`a request refused as a whole answered data ${shown(data)}, not an empty array`, [exchange]);
  return passed({ 'refusal code': code });
}

/**
 * A top-level code that a batch's items explain: data holds items and some carry a non-zero sCode. The real
 * exchange answers such a batch "1" (all failed) or "2" (partly); sCode is authoritative (handling rule 2).
 */
export function explainedByItems(envelope: Envelope): boolean {
  return envelope.items.some((item) => codeText(item.sCode) !== undefined && !readsAsSuccess(item.sCode));
}

/** Non-zero codes outside 500xx and 510xx, where they stand (for observation: the ranges are descriptive). */
export function codesOutOfRange(envelope: Envelope): string[] {
  const codes: [string, unknown][] = [
    ['code', envelope.code],
    ...envelope.items.map((item): [string, unknown] => [`data[${item.index}].sCode`, item.sCode]),
  ];
  return codes
    .filter(([, code]) => code !== undefined && !readsAsSuccess(code) && !codeInRange(codeText(code) ?? ''))
    .map(([where, code]) => `${where} ${JSON.stringify(code)}`);
}

/**
 * Every non-zero code (each item's sCode, and a top-level code the items do not explain) is in the 500xx or 510xx
 * range.
 */
export function codesInRange(exchange: Exchange): Verdict {
  const envelope = envelopeOf(exchange);
  const topLevel: [string, unknown][] = explainedByItems(envelope) ? [] : [['code', envelope.code]];
  const codes: [string, unknown][] = [
    ...topLevel,
    ...envelope.items.map((item): [string, unknown] => [`data[${item.index}].sCode`, item.sCode]),
  ];
  for (const [where, code] of codes) {
    // A zero value in another form, or a number, is the code-string and success-code rules' to judge.
    if (code === undefined || readsAsSuccess(code)) continue;
    if (!codeInRange(codeText(code) ?? ''))
      throw new Violation(`${where} is ${shown(code)}: a non-zero code must be in 500xx (general) or 510xx (trading)`, [
        exchange,
      ]);
  }
  return passed();
}

/** The envelope rules every exchange of the family must keep, by rule id. */
export const everyExchangeChecks = { codeIsString, msgMatchesCode, dataIsArray, codesInRange } as const;
