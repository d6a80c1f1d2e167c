import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

export interface GzipThresholdExpectation {
  thresholdBytes: number;
  /** The rule for bodies over the threshold (compressed) and the one for bodies at or under it (not). */
  over: RuleId;
  under: RuleId;
}

/**
 * For a request that accepted gzip: a body over the threshold arrives gzip-encoded (and decodes), a body
 * at or under it arrives unencoded. The body size is that of the decoded bytes. Which of the two rules
 * is judged depends on that size; a missing response fails the rule under test.
 */
export function gzipThreshold(exchange: Exchange, expected: GzipThresholdExpectation): Verdict {
  const { thresholdBytes, ...rules } = expected;
  const response = responseOf(exchange);
  const size = response.body.length;
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (size > thresholdBytes) {
    if (encoding !== 'gzip') {
      throw new RuleViolation(
        rules.over,
        `A ${size}-byte body arrived with Content-Encoding ${JSON.stringify(encoding || 'none')}; over ${thresholdBytes} bytes it must be gzip`,
        [exchange],
      );
    }
    return passed({ size });
  }
  if (encoding !== '' && encoding !== 'identity') {
    throw new RuleViolation(
      rules.under,
      `A ${size}-byte body arrived with Content-Encoding ${encoding}; at or under ${thresholdBytes} bytes it must not be compressed`,
      [exchange],
    );
  }
  return passed({ size });
}
