import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from '../engine/rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

export interface GzipThresholdExpectation {
  thresholdBytes: number;
  /** The rule for bodies over the threshold (compressed) and the one for bodies at or under it (not). */
  over: RuleId;
  under: RuleId;
}

/** What one answer shows of the compression rules: its decoded size, whether it came gzip-encoded, whether gzip was asked. */
export interface CompressionSeen {
  size: number;
  gzip: boolean;
  acceptGzip: boolean;
  thresholdBytes: number;
}

/**
 * The compression pair, decided once for the rule tests and the load probe alike: with gzip accepted, a body over the
 * threshold must come gzip-encoded (the over side) and one at or under it must not (the under side); without gzip
 * accepted, no body may come compressed (the under side). Undefined where the answer keeps both.
 */
export function compressionBreach(seen: CompressionSeen): { side: 'over' | 'under'; message: string } | undefined {
  const { size, gzip, acceptGzip, thresholdBytes } = seen;
  if (!acceptGzip)
    return gzip
      ? { side: 'under', message: `a ${size}-byte body arrived gzip-compressed although gzip was not accepted` }
      : undefined;
  if (size > thresholdBytes && !gzip)
    return {
      side: 'over',
      message: `a ${size}-byte body arrived uncompressed; over ${thresholdBytes} bytes it must be gzip`,
    };
  if (size <= thresholdBytes && gzip)
    return {
      side: 'under',
      message: `a ${size}-byte body arrived gzip-compressed; at or under ${thresholdBytes} bytes it must not be compressed`,
    };
  return undefined;
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
  // Another encoding than gzip is no gzip over the threshold, and a compression under it.
  const gzip = size > thresholdBytes ? encoding === 'gzip' : encoding !== '' && encoding !== 'identity';
  const breach = compressionBreach({ size, gzip, acceptGzip: true, thresholdBytes });
  if (breach)
    throw new RuleViolation(
      rules[breach.side],
      `${breach.message} (Content-Encoding ${JSON.stringify(encoding || 'none')})`,
      [exchange],
    );
  return passed({ size });
}
