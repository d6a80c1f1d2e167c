import { describe, expect, test } from 'vitest';
import { HarnessError } from '../../core/harness-error.ts';
import { parseThreshold } from '../../core/load-threshold.ts';
import { loadProfileSchema } from '../../targets/schema.ts';

describe('the threshold grammar of a target entry', () => {
  test.each([
    ['p99 < 250 ms', { metric: { kind: 'latency', statistic: 99 }, comparison: '<', value: 250 }],
    ['p99.9 <= 0.2s', { metric: { kind: 'latency', statistic: 99.9 }, comparison: '<=', value: 200 }],
    ['max < 1 s', { metric: { kind: 'latency', statistic: 'max' }, comparison: '<', value: 1000 }],
    ['rate(2xx) >= 99%', { metric: { kind: 'rate', of: '2xx' }, comparison: '>=', value: 0.99 }],
    ['rate(429) > 0', { metric: { kind: 'rate', of: '429' }, comparison: '>', value: 0 }],
    ['count(dropped) == 0', { metric: { kind: 'count', of: 'dropped' }, comparison: '==', value: 0 }],
    ['rps >= 50', { metric: { kind: 'rps' }, comparison: '>=', value: 50 }],
  ])('%s reads as its metric, comparison and value in the judged unit (ms, fraction)', (text, parsed) => {
    expect(parseThreshold(text)).toEqual({ text, ...parsed });
  });

  test.each([
    'p99 < fast',
    'p100 < 5',
    'rate(teapot) == 0',
    'rate(5xx) < 2',
    'count(429) > 1%',
    'p99 < 5%',
    'latency < 5',
  ])('%s is a configuration error', (text) => {
    expect(() => parseThreshold(text)).toThrow(HarnessError);
  });

  test("a target entry's load profile refuses a threshold that cannot be read, when the file is loaded", () => {
    const parsed = loadProfileSchema.safeParse({ thresholds: ['p99 < 250 ms', 'p99 < fast'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['thresholds', 1]]);
  });
});
