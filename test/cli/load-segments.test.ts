import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadHelp } from '../../cli/load-help.ts';
import type { LoadResult } from '../../load/load-result.ts';
import type { RunningReference } from '../../reference/server.ts';
import { harnessInProcess as harness } from '../support/in-process-cli.ts';
import { shortenerReference } from '../support/shortener-reference.ts';
import { tempFolder } from '../support/temp-folders.ts';

let reference: RunningReference;
let targets: string;

beforeAll(async () => {
  // One operation (the shortener's mappings): the segments of a real run in a second or two.
  ({ reference, targets } = await shortenerReference(tempFolder('load-segments-'), {
    rate: 5,
    durationSeconds: 1,
    thresholds: ['p99 < 2 s', 'rate(2xx) >= 99%'],
  }));
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
    // The help's synopsis says so before anyone tries.
    expect(await loadHelp()).toContain('[--segment I/N (--start-at TIME | --run-id ID)]');
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

  test('three segments of 5 req/s write 1, 2 and 2 req/s stamped with their run and profile, in a folder of the run beside an earlier whole run; the merge line printed works as printed and adds up to the profile', async () => {
    const reports = tempFolder('load-segments-reports-');
    // An earlier run of one machine leaves its file in reports/load/nightly/, where the segments' run folders go.
    const whole = await harness(['load', 'nightly', '--targets', targets, '--reports', reports]);
    expect(whole.code, whole.output).toBe(0);
    let printedMerge = '';
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
      printedMerge = /judged once every segment has arrived, by: (.+)$/m.exec(run.output)?.[1] ?? '';
    }
    const nightly = join(reports, 'load', 'nightly');
    expect(readdirSync(nightly).sort()).toEqual(['nightly-shortener-mappings.json', 'three']);
    const dir = join(nightly, 'three');
    expect(readdirSync(dir).sort()).toEqual(['segment-1-of-3', 'segment-2-of-3', 'segment-3-of-3']);
    // As this harness was started (from node_modules here, as an installed package is): npx harness.
    expect(printedMerge).toBe(`npx harness load merge ${dir} --reports ${reports}`);
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
    const merged = await harness(printedMerge.split(' ').slice(2));
    expect(merged.code, merged.output).toBe(0);
    expect(merged.output).toMatch(/VERDICT: PASS/);
    const sum = JSON.parse(
      readFileSync(join(reports, 'load', 'merged', 'three', 'nightly-shortener-mappings.json'), 'utf8'),
    ) as LoadResult;
    expect([sum.offered.rate, sum.sent + sum.dropped, sum.runs]).toEqual([5, 5, 3]);
    // A relative --output goes in the reports folder, not the working folder.
    const relative = await harness(['load', 'merge', dir, '--reports', reports, '--output', 'merged.json']);
    expect(relative.code, relative.output).toBe(0);
    expect(existsSync(join(reports, 'merged.json'))).toBe(true);
    // The whole folder holds two runs: refused listing each, with the folder to merge, never a bare "Foreign segment".
    const mixed = await harness(['load', 'merge', nightly]);
    expect(mixed.code).toBe(2);
    expect(mixed.output).toContain('The inputs hold the results of 2 runs, merged one run at a time:');
    expect(mixed.output).toContain(`results without segments (a run without --segment): 1 file(s) in ${nightly}`);
    expect(mixed.output).toContain(`run three: 3 segment(s) of 3, 3 file(s) in ${dir}`);
    expect(mixed.output).toContain(`harness load merge ${dir}`);
    expect(mixed.output).not.toContain('Foreign segment');
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
      readFileSync(
        join(reports, 'load', 'nightly', 'thin', 'segment-1-of-6', 'nightly-shortener-mappings.json'),
        'utf8',
      ),
    ) as LoadResult;
    expect([result.offered.rate, result.sent, result.segment?.runId]).toEqual([0, 0, 'thin']);
  });
});
