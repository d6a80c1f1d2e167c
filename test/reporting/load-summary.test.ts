import { describe, expect, test } from 'vitest';
import type { LoadResult } from '../../load/load-result.ts';
import { loadThresholdsBlock, loadVerdictLine } from '../../reporting/load-summary.ts';

const result = (overrides: Partial<LoadResult>): LoadResult =>
  ({
    scenario: 'nightly billing queryCharge',
    model: 'open',
    offered: { rate: 50, connections: 12, durationSeconds: 12, maxRequests: 600, maxInFlight: 1000 },
    sent: 600,
    dropped: 0,
    achievedRate: 50,
    errors: 0,
    latencyMs: { p50: 1.2, p90: 504, p99: 951.3, p999: 990, mean: 190, max: 999 },
    serviceTimeMs: { p50: 1.1, p90: 480, p99: 940, p999: 980, mean: 180, max: 990 },
    thresholds: [
      { threshold: 'p50 < 100 ms', actual: 1.2, passed: true },
      { threshold: 'p99 < 500 ms', actual: 951.3, passed: false },
      { threshold: 'rate(2xx) >= 99%', actual: 1, passed: true },
      { threshold: 'count(dropped) == 0', actual: 0, passed: true },
    ],
    violations: [],
    passed: false,
    ...overrides,
  }) as LoadResult;

describe('the closing block of a load run', () => {
  test('a ✓ or ✗ line per threshold with the figure read in its unit, a line per broken response rule', () => {
    const failing = result({
      violations: [
        {
          ruleId: 'billing.headers.track_id.echo',
          message: 'not echoed',
          count: 3,
          sample: { label: 'x', status: 200, headers: {}, body: '' },
        },
      ],
    });
    expect(loadThresholdsBlock([failing]).split('\n')).toEqual([
      'THRESHOLDS',
      '  nightly billing queryCharge  (50 req/s offered, 50 req/s sent; response time p50 1.2 ms p99 951.3 ms, service time p99 940 ms)',
      '    ✓ p50 < 100 ms         actual 1.2 ms',
      '    ✗ p99 < 500 ms         actual 951.3 ms',
      '    ✓ rate(2xx) >= 99%     actual 100%',
      '    ✓ count(dropped) == 0  actual 0',
      '    ✗ billing.headers.track_id.echo: 3 response(s) broke it: not echoed',
    ]);
    expect(
      loadVerdictLine([
        failing,
        result({
          scenario: 'other',
          thresholds: [{ threshold: 'p50 < 100 ms', actual: 1, passed: true }],
          passed: true,
        }),
      ]),
    ).toBe('VERDICT: FAIL: 1 of 5 threshold(s) failed, 1 response rule(s) broken in 1 of 2 run(s)');
  });

  test('one verdict line: pass, interrupted, nothing run; drops and failures shown beside the run', () => {
    const passing = result({
      thresholds: [{ threshold: 'p99 < 500 ms', actual: 3, passed: true }],
      passed: true,
      dropped: 7,
      errors: 2,
    });
    expect(loadVerdictLine([passing])).toBe('VERDICT: PASS: 1 threshold(s) held in 1 run(s), no response broke a rule');
    expect(loadThresholdsBlock([passing])).toContain('7 dropped, 2 without a response');
    expect(loadVerdictLine([passing], true)).toMatch(/^VERDICT: INTERRUPTED/);
    expect(loadVerdictLine([])).toMatch(/^VERDICT: NOTHING RUN/);
  });
});
