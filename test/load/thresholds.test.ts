import { describe, expect, test } from 'vitest';
import { judgeThresholds, notComparedYet, type ThresholdFigures } from '../../load/thresholds.ts';
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

describe('thresholds against the previous run', () => {
  test.each([
    ['p99 < 1.2x previous', { kind: 'latency', statistic: 99 }, '<', 1.2, 0],
    ['p95 <= 1.5 x previous + 5 ms', { kind: 'latency', statistic: 95 }, '<=', 1.5, 5],
    ['p50 < previous + 0.01 s', { kind: 'latency', statistic: 50 }, '<', 1, 10],
    ['rps >= 0.8x previous', { kind: 'rps' }, '>=', 0.8, 0],
    ['rate(non-2xx) <= previous + 1%', { kind: 'rate', of: 'non-2xx' }, '<=', 1, 0.01],
    ['rate(non-2xx) <= 2x previous - 0.5%', { kind: 'rate', of: 'non-2xx' }, '<=', 2, -0.005],
  ])('%s reads factor x the previous figure + offset', (text, metric, comparison, factor, offset) => {
    expect(parseThreshold(text)).toEqual({ text, metric, comparison, value: offset, previous: { factor } });
  });

  test.each([
    ['mean < 2x previous', /the nightly history keeps: p50, p95, p99, rps, rate\(non-2xx\)/],
    ['rate(5xx) <= 2x previous', /the nightly history keeps/],
    ['p99 < 0x previous', /above 0/],
    ['p99 < 1.2x previous + 1%', /latency is in ms or s/],
    ['p99 < 1.2y previous', /METRIC OP VALUE/],
  ])('%s is a configuration error that says what to write', (text, fix) => {
    expect(() => parseThreshold(text)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
    expect(() => parseThreshold(text)).toThrow(expect.objectContaining({ fix: expect.stringMatching(fix) }));
  });

  test('judged on the run alone it holds for now, marked not compared (the history is read when published)', () => {
    expect(verdict('p99 < 1.2x previous')).toEqual({
      threshold: 'p99 < 1.2x previous',
      actual: 240,
      passed: true,
      previousRun: { notCompared: notComparedYet },
    });
  });

  test('rate(non-2xx) counts every request due that did not end in a 2xx: other answers, none, dropped', () => {
    const [read] = judgeThresholds([parseThreshold('rate(non-2xx) < 50%')], { ...figures, errors: 5, dropped: 5 });
    expect(read?.actual).toBeCloseTo(20 / 110, 6);
  });
});
