import { describe, expect, test } from 'vitest';
import type { GzipThresholdExpectation } from '../../checks/gzip-threshold.ts';
import { gzipThresholdProbed } from '../../checks/gzip-threshold-probed.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { probeGzipThreshold } from '../../load/gzip-threshold-probe.ts';
import { chargeSizedResponses } from '../../suites/billing/load/charge-sized-responses.ts';
import { type BillingTargetOptions, withBillingTarget } from './billing-target.ts';

const expected: GzipThresholdExpectation = {
  thresholdBytes: 1000,
  over: 'billing.compression.response_over_threshold',
  under: 'billing.compression.response_under_threshold',
};
const settings = (underLoadSeconds: number) => ({
  expectedBytes: 1000,
  rules: expected,
  underLoadSeconds,
  connections: 4,
  maxRequests: 3000,
});

const probe = (options: BillingTargetOptions, underLoadSeconds = 0) =>
  withBillingTarget(options, async (client, baseUrl) =>
    probeGzipThreshold(await chargeSizedResponses(client, baseUrl), settings(underLoadSeconds)),
  );

/** The rule the check fails, or 'passed'. */
function judged(finding: Awaited<ReturnType<typeof probe>>): string {
  try {
    gzipThresholdProbed(finding, expected);
    return 'passed';
  } catch (error) {
    if (error instanceof RuleViolation) return error.ruleId;
    throw error;
  }
}

describe.concurrent('the gzip-threshold probe', () => {
  test('finds the documented 1000 bytes in a few requests, then holds it under load', async () => {
    const finding = await probe({}, 1);
    expect(finding.thresholdBytes).toBe(1000);
    expect(finding.requests).toBeLessThanOrEqual(40);
    expect(finding.underLoad?.violations).toEqual([]);
    const answered = Object.values(finding.underLoad?.statuses ?? {}).reduce((a, b) => a + b, 0);
    // The hold is a constant-rate run (100 req/s by default): exactly what was offered, timed from each due time.
    expect(finding.underLoad?.model).toBe('open');
    expect(answered).toBe(100);
    expect(finding.compressedUnderLoad?.model).toBe('closed');
    expect(finding.compressedUnderLoad?.latencyMs.p50).toBeGreaterThan(0);
    expect(finding.plainUnderLoad?.statuses['200']).toBeGreaterThan(0);
    expect(judged(finding)).toBe('passed');
  });

  test.each([
    [999, 999, 'billing.compression.response_under_threshold'],
    [1001, 1001, 'billing.compression.response_over_threshold'],
  ])('finds a threshold moved to %d bytes exactly and fails the rule of that side', async (moved, found, rule) => {
    const finding = await probe({ gzipThresholdBytes: moved });
    expect(finding.thresholdBytes).toBe(found);
    expect(finding.requests).toBeLessThanOrEqual(40);
    expect(judged(finding)).toBe(rule);
  });

  test.each([
    ['gzip-never', 'billing.compression.response_over_threshold'],
    ['gzip-from-500-bytes', 'billing.compression.response_under_threshold'],
    ['gzip-at-1000-bytes', 'billing.compression.response_under_threshold'],
  ])('kills the mutant %s through %s', async (mutant, rule) => {
    const finding = await probe({ mutant });
    expect(finding.requests).toBeLessThanOrEqual(40);
    expect(judged(finding)).toBe(rule);
  });
});
