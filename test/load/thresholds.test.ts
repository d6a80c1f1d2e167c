import { describe, expect, test } from 'vitest';
import { judgeThresholds, type ThresholdFigures } from '../../load/thresholds.ts';
import { parseThreshold } from '../../core/load-threshold.ts';

const figures: ThresholdFigures = {
  latencyAt: (percentile) => (percentile >= 99 ? 240 : 12),
  latencyMean: 15,
  latencyMax: 300,
  statuses: { '200': 90, '429': 8, '503': 2 },
  errors: 0,
  durationSeconds: 10,
};

const verdict = (text: string) => judgeThresholds([parseThreshold(text)], figures)[0];

describe("thresholds written as strings, judged on a run's figures", () => {
  test.each([
    ['p99 < 250 ms', 240, true],
    ['p99 < 0.2s', 240, false],
    ['p50 <= 12', 12, true],
    ['max < 1 s', 300, true],
    ['mean > 20ms', 15, false],
    ['rate(5xx) == 0', 0.02, false],
    ['rate(429) > 0', 0.08, true],
    ['rate(2xx) >= 90%', 0.9, true],
    ['count(503) == 2', 2, true],
    ['count(errors) == 0', 0, true],
    ['rps >= 10', 10, true],
  ])('%s reads %d and holds: %s', (text, actual, passed) => {
    expect(verdict(text)).toEqual({ threshold: text, actual, passed });
  });

  test('a rate counts requests without a response in the total', () => {
    expect(
      judgeThresholds([parseThreshold('rate(errors) == 0.5')], { ...figures, statuses: { '200': 5 }, errors: 5 })[0]
        ?.passed,
    ).toBe(true);
  });
});
