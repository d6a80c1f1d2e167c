import { describe, expect, test } from 'vitest';
import type { LoadResult } from '../../load/load-result.ts';
import { loadGitHubAnnotations } from '../../reporting/github-actions.ts';
import { loadVerdictLine } from '../../reporting/load-summary.ts';
import { renderLoadSummaryMarkdown } from '../../reporting/load-summary-markdown.ts';
import { LatencyHistogram } from '../../load/latency-histogram.ts';

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
    latencyHistogram: new LatencyHistogram().encode(),
    passed: false,
    ...overrides,
  }) as LoadResult;

describe('the verdict of a load run', () => {
  test('summary.md: the verdict, the compact table, each threshold with its mark and figure in its unit, the rules broken; an ::error each', () => {
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
    const markdown = renderLoadSummaryMarkdown({
      command: 'load nightly',
      target: 'staging',
      results: [failing],
      interrupted: false,
    });
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('## ❌ harness load nightly: FAIL');
    expect(lines[2]).toBe(
      'Target `staging`: FAIL: 1 of 4 threshold(s) failed, 1 response rule(s) broken in 1 of 1 operation(s)',
    );
    expect(lines).toContain(
      '| operation | offered | achieved | avg | p50 | p90 | p95 | p99 | max | errors | dropped | data in | data out | thresholds |',
    );
    expect(markdown).toMatch(
      /^\| nightly billing queryCharge \| 50\/s \| 50\/s \| 190ms \| .* \| ✗ p99 < 500 ms: 951\.3 ms \|$/m,
    );
    expect(lines).toContain(
      '- **nightly billing queryCharge**: ✓ `p50 < 100 ms` (1.2 ms) · ✗ `p99 < 500 ms` (951.3 ms) · ✓ `rate(2xx) >= 99%` (100%) · ✓ `count(dropped) == 0` (0)',
    );
    expect(lines).toContain(
      '- ✗ nightly billing queryCharge: billing.headers.track_id.echo: 3 response(s) broke it: not echoed',
    );
    expect(loadGitHubAnnotations([failing])).toEqual([
      '::error title=nightly billing queryCharge%3A p99 < 500 ms::threshold failed: actual 951.3 ms',
      '::error title=billing.headers.track_id.echo::nightly billing queryCharge: 3 response(s) broke it: not echoed%0Ainput: request x, answered 200',
    ]);
    // With the command's own line: each annotation says how to run it again, and so does summary.md.
    const replay = 'npx harness load nightly --target staging';
    expect(loadGitHubAnnotations([failing], replay)[0]).toBe(
      '::error title=nightly billing queryCharge%3A p99 < 500 ms::threshold failed: actual 951.3 ms%0Areplay: npx harness load nightly --target staging',
    );
    expect(
      renderLoadSummaryMarkdown({ command: 'load nightly', results: [failing], interrupted: false, replay }),
    ).toContain('\nReplay: `npx harness load nightly --target staging`\n');
    expect(
      loadVerdictLine([
        failing,
        result({
          scenario: 'other',
          thresholds: [{ threshold: 'p50 < 100 ms', actual: 1, passed: true }],
          passed: true,
        }),
      ]),
    ).toBe('VERDICT: FAIL: 1 of 5 threshold(s) failed, 1 response rule(s) broken in 1 of 2 operation(s)');
  });

  test('one verdict line: pass, interrupted, nothing run; an interrupted run is marked, not judged, and annotates nothing', () => {
    const passing = result({
      thresholds: [{ threshold: 'p99 < 500 ms', actual: 3, passed: true }],
      passed: true,
      dropped: 7,
      errors: 2,
    });
    expect(loadVerdictLine([passing])).toBe(
      'VERDICT: PASS: 1 threshold(s) held over 1 operation(s), no response broke a rule',
    );
    expect(renderLoadSummaryMarkdown({ command: 'load merge', results: [passing], interrupted: false })).toMatch(
      /^## ✅ harness load merge: PASS\n\nPASS: 1 threshold/,
    );
    expect(loadVerdictLine([passing], true)).toMatch(/^VERDICT: INTERRUPTED/);
    expect(loadVerdictLine([])).toMatch(/^VERDICT: NOTHING RUN/);
    const cut = { ...passing, interrupted: true as const, passed: false };
    const markdown = renderLoadSummaryMarkdown({ command: 'load nightly', results: [cut], interrupted: true });
    expect(markdown).toMatch(/^## ⚠️ harness load nightly: INTERRUPTED/);
    expect(markdown).toContain('(interrupted: not judged): – `p99 < 500 ms` (3 ms)');
    expect(
      loadGitHubAnnotations([{ ...cut, thresholds: [{ threshold: 'p99 < 1 ms', actual: 3, passed: false }] }]),
    ).toEqual([]);
  });

  test('a probe: its rule and first message line, its run in the table', () => {
    const markdown = renderLoadSummaryMarkdown({
      command: 'load token-rate-limit',
      target: 'staging',
      results: [result({ thresholds: [] })],
      interrupted: false,
      probe: { ruleIds: ['billing.token.rate_limit'], status: 'failed', message: 'not on every path\nmore' },
    });
    expect(markdown).toMatch(
      /^## ❌ harness load token-rate-limit: FAIL\n\nTarget `staging`: rule `billing.token.rate_limit` failed: not on every path\n/,
    );
    expect(markdown).toContain('| nightly billing queryCharge |');
  });
});
