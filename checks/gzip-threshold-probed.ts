import type { GzipThresholdFinding } from './gzip-threshold-finding.ts';
import type { GzipThresholdExpectation } from './gzip-threshold.ts';
import { passed, RuleViolation, type Verdict } from '../engine/rule-violation.ts';

/** No threshold at all: nothing was compressed (the over rule fails) or everything was (the under rule). */
function checkThresholdExists(finding: GzipThresholdFinding, expected: GzipThresholdExpectation): void {
  if (finding.neverCompressed) {
    const largest = finding.readings.at(-1);
    throw new RuleViolation(
      expected.over,
      `No response was gzip-compressed, up to ${largest?.size ?? '?'} bytes with gzip accepted`,
      largest ? [largest.exchange] : [],
    );
  }
  if (finding.alwaysCompressed) {
    const smallest = finding.readings.at(-1);
    throw new RuleViolation(
      expected.under,
      `Every response was gzip-compressed, down to ${smallest?.size ?? '?'} bytes`,
      smallest ? [smallest.exchange] : [],
    );
  }
}

/** The threshold found is the documented one; else the side it missed on fails, with a reading that shows it. */
function checkThresholdIsDocumented(
  found: number,
  finding: GzipThresholdFinding,
  expected: GzipThresholdExpectation,
): void {
  const { thresholdBytes: documented } = expected;
  const reading = (predicate: (size: number, compressed: boolean) => boolean) =>
    finding.readings.filter(({ size, compressed }) => predicate(size, compressed)).map(({ exchange }) => exchange);
  if (found < documented) {
    const evidence = reading((size, compressed) => compressed && size <= documented).slice(0, 1);
    throw new RuleViolation(
      expected.under,
      `Compression starts at ${found + 1} bytes: a ${found + 1}-byte response is gzip-compressed; at or under ${documented} bytes it must not be`,
      evidence,
    );
  }
  if (found > documented) {
    const evidence = reading((size, compressed) => !compressed && size > documented).slice(0, 1);
    throw new RuleViolation(
      expected.over,
      `Compression starts only at ${found + 1} bytes: a ${found}-byte response arrived uncompressed; over ${documented} bytes it must be gzip`,
      evidence,
    );
  }
}

/** Every response of the sustained runs kept to the threshold; the first breach fails its side's rule. */
function checkHeldUnderLoad(finding: GzipThresholdFinding, expected: GzipThresholdExpectation): void {
  const [breach] = [finding.underLoad, finding.compressedUnderLoad, finding.plainUnderLoad].flatMap(
    (load) => load?.violations ?? [],
  );
  if (breach)
    throw new RuleViolation(
      // A breach names the rule of the side it broke.
      breach.ruleId === expected.under ? expected.under : expected.over,
      `${breach.count} response(s) under load broke the threshold: ${breach.message}`,
      finding.violationExchanges.slice(0, 1),
    );
}

/** A sustained run's figures as observed: its rate and latency percentiles. */
function loadFigures(load: GzipThresholdFinding['underLoad']): string | undefined {
  return (
    load &&
    `${Math.round(Object.values(load.statuses).reduce((a, b) => a + b, 0) / load.durationSeconds)} req/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms`
  );
}

/**
 * The response size where compression starts is exactly the documented threshold (over it gzip, at or under
 * it plain), and it holds on every response of a sustained run. Which rule fails depends on the side: a
 * threshold found below the documented one compresses bodies that must stay plain (the under rule), one
 * above it leaves bodies plain that must be compressed (the over rule).
 */
export function gzipThresholdProbed(finding: GzipThresholdFinding, expected: GzipThresholdExpectation): Verdict {
  checkThresholdExists(finding, expected);
  const found = finding.thresholdBytes as number;
  checkThresholdIsDocumented(found, finding, expected);
  checkHeldUnderLoad(finding, expected);
  return passed({
    'threshold found (bytes)': found,
    'requests to find it': finding.requests,
    ...(finding.underLoad
      ? {
          'under load, sizes around the threshold (every response judged)': loadFigures(finding.underLoad),
          'under load, large body compressed': loadFigures(finding.compressedUnderLoad),
          'under load, large body plain': loadFigures(finding.plainUnderLoad),
        }
      : {}),
  });
}
