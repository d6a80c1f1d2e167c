import { exchangeCodes } from '../../../rules/exchange/codes.ts';
import { codeText } from '../client/envelope.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { envelopeOf } from './envelope.ts';
import { timestampToleranceSeconds } from '../../../rules/exchange/limits.ts';

/**
 * A request the target must refuse answers the given code, or one of the given codes where the document is
 * silent and the entry lists what it accepts; the HTTP status is only observed (429 aside).
 */
export function refusedWithCode(
  exchange: Exchange,
  expected: { code: string | readonly string[]; why: string },
): Verdict {
  const { code } = envelopeOf(exchange);
  const codes = typeof expected.code === 'string' ? [expected.code] : expected.code;
  // The code's value is judged here, its JSON type by the code-string rule.
  if (!codes.includes(codeText(code) ?? ''))
    throw new Violation(
      `${expected.why}: answered code ${JSON.stringify(code)}, not ${codes.map((one) => `"${one}"`).join(' or ')}`,
      [exchange],
    );
  return passed({ 'HTTP status': exchange.response?.status, code });
}

/** One signed request of a timestamp probe: how far its timestamp was from the run's clock, and the answer. */
export interface TimestampCase {
  offsetSeconds: number;
  exchange: Exchange;
}

/**
 * Timestamps within the tolerance (timestampToleranceSeconds) are accepted: a valid one-order batch is not refused with 50102;
 * timestamps beyond it are refused with 50102. Both directions (old and ahead), both edges.
 */
export function timestampWindow(
  cases: readonly TimestampCase[],
  toleranceSeconds = timestampToleranceSeconds,
): Verdict {
  for (const { offsetSeconds, exchange } of cases) {
    const code = codeText(envelopeOf(exchange).code);
    const when = offsetSeconds < 0 ? `${-offsetSeconds} s old` : `${offsetSeconds} s ahead`;
    if (Math.abs(offsetSeconds) > toleranceSeconds && code !== exchangeCodes.timestampExpired) {
      throw new Violation(
        `a timestamp ${when} answered code ${JSON.stringify(code)}, not "${exchangeCodes.timestampExpired}"`,
        [exchange],
      );
    }
    // Within the window only a refusal for the timestamp breaks this rule: what becomes of the order is the item rules'
    // to judge.
    if (Math.abs(offsetSeconds) <= toleranceSeconds && code === exchangeCodes.timestampExpired) {
      throw new Violation(
        `a timestamp ${when} (within ${toleranceSeconds} s) was refused: code ${JSON.stringify(code)}`,
        [exchange],
      );
    }
  }
  return passed({
    'HTTP statuses': [...new Set(cases.map((entry) => entry.exchange.response?.status))].join(', '),
  });
}
