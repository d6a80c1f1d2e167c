import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOutput } from '../../../load/outputs/json-output.ts';
import { tempFolder } from '../../support/temp-folders.ts';
import { labelled, recordedResult, twoSeconds } from './recorded-result.ts';

interface Line {
  type: 'Metric' | 'Point';
  metric: string;
  data: { time?: string; value?: number; tags?: Record<string, string>; type?: string; contains?: string };
}

describe('json output (k6 lines)', () => {
  it('declares each metric once, then writes a Point a request and metric that add up to the result', async () => {
    const result = recordedResult(twoSeconds(1_777_000_000));
    const path = join(tempFolder('harness-json-out-'), 'nested', 'samples.json');
    const output = jsonOutput(`json=${path}`, path);
    await output.add(labelled(result));
    const delivery = await output.stop();
    const lines = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line);
    const metrics = lines.filter((line) => line.type === 'Metric');
    expect(metrics.map((line) => [line.metric, line.data.type, line.data.contains])).toEqual([
      ['http_reqs', 'counter', 'default'],
      ['http_req_failed', 'rate', 'default'],
      ['http_req_duration', 'trend', 'time'],
      ['dropped_iterations', 'counter', 'default'],
    ]);
    const points = (metric: string) => lines.filter((line) => line.type === 'Point' && line.metric === metric);
    // 6 answers and 1 request without one: 7 requests, 2 of them failed (the 503, the one without an answer).
    expect(points('http_reqs')).toHaveLength(7);
    expect(points('http_reqs').filter((line) => line.data.tags?.status === '0')).toHaveLength(1);
    expect(points('http_req_failed').reduce((sum, line) => sum + (line.data.value ?? 0), 0)).toBe(2);
    expect(points('dropped_iterations')).toHaveLength(2);
    const durations = points('http_req_duration').map((line) => line.data.value ?? 0);
    expect(durations).toHaveLength(6);
    // Read off the HDR histogram: 3 significant digits.
    for (const [read, recorded] of durations.map((value, index) => [value, [1.5, 2.5, 3.5, 40, 10, 20][index]]))
      expect(Math.abs((read as number) - (recorded as number)) / (recorded as number)).toBeLessThan(0.001);
    expect(points('http_reqs')[0]?.data).toEqual({
      time: '2026-04-24T03:06:40.000Z',
      value: 1,
      tags: {
        run_id: 'run-1',
        target: 'reference',
        family: 'shortener',
        operation: 'nightly shortener mappings',
        segment: '1/1',
        status: '200',
      },
    });
    expect(delivery).toEqual({ output: `json=${path}`, delivered: lines.length - 4, lost: 0, problems: [] });
  });

  it('counts every sample it could not write as lost, and says why', async () => {
    const blocked = join(tempFolder('harness-json-out-'), 'file');
    // A file where the folder should be.
    writeFileSync(blocked, '');
    const path = join(blocked, 'samples.json');
    const output = jsonOutput(`json=${path}`, path);
    await output.add(labelled(recordedResult(twoSeconds())));
    const delivery = await output.stop();
    expect(delivery.delivered).toBe(0);
    expect(delivery.lost).toBe(7 + 7 + 6 + 2);
    expect(delivery.problems.join('\n')).toMatch(/EEXIST|ENOTDIR/);
  });
});
