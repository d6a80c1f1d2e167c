import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { families } from '../../families/index.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { tempFolder } from '../support/temp-folders.ts';

/** The CLI in this process, its output kept: exit code and every line printed. */
async function harness(args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const keep = (line: unknown) => void lines.push(String(line));
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  try {
    return { code: await main(args), output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

let reference: RunningReference;
let targets: string;

beforeAll(async () => {
  // One operation (the shortener's mappings): the segments of a real run in a second or two.
  reference = await startReferenceServer({
    env: {},
    serve: families().filter((family) => family.name === 'shortener'),
  });
  targets = join(tempFolder('load-segments-'), 'targets.json');
  writeFileSync(
    targets,
    JSON.stringify({
      default: 'local',
      targets: {
        local: {
          kind: 'url',
          families: { shortener: { baseUrl: reference.baseUrls.shortener } },
          load: { rate: 5, durationSeconds: 1, thresholds: ['p99 < 2 s', 'rate(2xx) >= 99%'] },
        },
      },
    }),
  );
});
afterAll(() => reference.close());

describe.sequential('harness load nightly --segment', () => {
  test('usage errors before any traffic: a segment outside 1..N, a probe (one limit cannot be split), no run the replicas share, a start too far ahead', async () => {
    const zero = await harness(['load', 'nightly', '--targets', targets, '--segment', '0/3']);
    expect([zero.code, zero.output]).toEqual([2, expect.stringContaining('segment 0 of 3 does not exist')]);
    const probe = await harness(['load', 'token-rate-limit', '--targets', targets, '--segment', '1/3']);
    expect([probe.code, probe.output]).toEqual([
      2,
      expect.stringContaining('token-rate-limit cannot be split into segments: it discovers a single limit'),
    ]);
    const alone = await harness(['load', 'nightly', '--targets', targets, '--segment', '1/3']);
    expect([alone.code, alone.output]).toEqual([
      2,
      expect.stringContaining('give --start-at TIME (the same for every replica) or --run-id ID'),
    ]);
    const later = await harness([
      'load',
      'nightly',
      '--targets',
      targets,
      '--segment',
      '1/3',
      '--start-at',
      new Date(Date.now() + 11 * 60_000).toISOString(),
    ]);
    expect([later.code, later.output]).toEqual([2, expect.stringContaining('more than 10 min ahead')]);
  });

  test('three segments of 5 req/s write 1, 2 and 2 req/s stamped with their run and profile; the merge adds up to the profile', async () => {
    const reports = tempFolder('load-segments-reports-');
    for (const segment of ['1/3', '2/3', '3/3']) {
      const run = await harness([
        'load',
        'nightly',
        '--targets',
        targets,
        '--reports',
        reports,
        '--segment',
        segment,
        '--run-id',
        'three',
      ]);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('judged once every segment has arrived');
    }
    const dir = join(reports, 'load', 'nightly');
    expect(readdirSync(dir).sort()).toEqual(['segment-1-of-3', 'segment-2-of-3', 'segment-3-of-3']);
    const results = [1, 2, 3].map(
      (index) =>
        JSON.parse(
          readFileSync(join(dir, `segment-${index}-of-3`, 'nightly-shortener-mappings.json'), 'utf8'),
        ) as LoadResult,
    );
    expect(results.map((result) => result.offered.rate)).toEqual([1, 2, 2]);
    expect(new Set(results.map((result) => result.segment?.runId)).size).toBe(1);
    expect(results[0]?.segment).toMatchObject({
      index: 1,
      count: 3,
      operations: ['nightly shortener mappings'],
      runId: 'three',
      profileDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const merged = await harness(['load', 'merge', dir, '--output', join(reports, 'merged.json')]);
    expect(merged.code, merged.output).toBe(0);
    const sum = JSON.parse(readFileSync(join(reports, 'merged.json'), 'utf8')) as LoadResult;
    expect([sum.offered.rate, sum.sent + sum.dropped, sum.runs]).toEqual([5, 5, 3]);
  });

  test('a share of 0 sends nothing and says so, and still writes its (empty) results so the merge sees every segment', async () => {
    const reports = tempFolder('load-segments-zero-');
    const run = await harness([
      'load',
      'nightly',
      '--targets',
      targets,
      '--reports',
      reports,
      '--segment',
      '1/6',
      '--run-id',
      'thin',
      '--rate',
      '5',
    ]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('its share of 5 req/s split 6 ways is 0: it sends nothing');
    const result = JSON.parse(
      readFileSync(join(reports, 'load', 'nightly', 'segment-1-of-6', 'nightly-shortener-mappings.json'), 'utf8'),
    ) as LoadResult;
    expect([result.offered.rate, result.sent, result.segment?.runId]).toEqual([0, 0, 'thin']);
  });
});
