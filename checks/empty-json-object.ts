import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** A success answer the document calls "an empty JSON object": exactly `{}`, no member at all. */
export function emptyJsonObject(exchange: Exchange, expected: { status: number }): Verdict {
  const { status } = responseOf(exchange);
  if (status !== expected.status)
    throw new Violation(
      `Answered ${status}, not ${expected.status}: the empty body cannot be judged on another answer`,
      [exchange],
    );
  const body = jsonOf(exchange);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Violation(`The ${status} body is not a JSON object`, [exchange]);
  const members = Object.keys(body);
  if (members.length)
    throw new Violation(
      `The ${status} body is documented as an empty JSON object but has members: ${members.slice(0, 5).join(', ')}`,
      [exchange],
    );
  return passed();
}
