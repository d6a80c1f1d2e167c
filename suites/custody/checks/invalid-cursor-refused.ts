import type { Exchange } from '../../../client/http-exchange.ts';
import { invalidCursorCode } from '../../../rules/custody/endpoints.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/**
 * A cursor the server did not produce is refused with E900-INVALID_CURSOR_DATA: a 4xx whose body holds the
 * code, anywhere by default (the error body's shape is not shown), or at the listing's `errorCodeAt`.
 */
export function invalidCursorRefused(exchange: Exchange, errorCodeAt?: string): Verdict {
  const response = responseOf(exchange);
  if (response.status < 400 || response.status > 499)
    throw new Violation(
      `A cursor the server did not produce answered ${response.status}; expected a 4xx with ${invalidCursorCode}`,
      [exchange],
    );
  if (errorCodeAt === undefined) {
    if (!response.text().includes(invalidCursorCode))
      throw new Violation(
        `A cursor the server did not produce was refused (${response.status}) without ${invalidCursorCode} in the body`,
        [exchange],
      );
    return passed({ status: response.status });
  }
  const code = valueAt(jsonOf(exchange), errorCodeAt);
  if (code !== invalidCursorCode)
    throw new Violation(
      `A cursor the server did not produce was refused (${response.status}) with ${errorCodeAt} ${JSON.stringify(code) ?? 'absent'}, not ${invalidCursorCode}`,
      [exchange],
    );
  return passed({ status: response.status });
}

/** The value at a dotted path ("errors.0.code") of a JSON value; undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      value,
    );
}
