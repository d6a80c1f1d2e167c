import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import { resultFileName, type LoadResult } from '../../load/load-result.ts';
import { constantRate } from '../../load/nightly-profile.ts';
import { runLoad } from '../../load/run-load.ts';
import { profileDigest, segmentProfile, type SegmentStamp } from '../../load/segment.ts';
import { mergeResultFiles, type ResultFile } from '../../load/segment-merge.ts';
import { loadProfileSchema } from '../../targets/schema.ts';
import { startLocalServer, type LocalServer } from '../support/local-server.ts';
import { tempFolder } from '../support/temp-folders.ts';

const profile = loadProfileSchema.parse({
  rate: 20,
  durationSeconds: 1,
  connections: 2,
  thresholds: ['p99 < 2 s', 'rate(2xx) >= 99%'],
});
const operations = ['nightly demo a', 'nightly demo b'];
const digest = profileDigest(profile, operations);

let server: LocalServer;
/** Segment I of 3 of both operations, run for real against a local server at once, as three replicas would. */
let segments: ResultFile[];

async function runSegment(index: number, runId = 'run-1'): Promise<ResultFile[]> {
  const stamp: SegmentStamp = { index, count: 3, runId, profileDigest: digest, operations };
  const files: ResultFile[] = [];
  for (const name of operations) {
    const scenario = constantRate(segmentProfile(profile, { index, count: 3 }), {
      name,
      family: 'demo',
      baseUrl: `http://127.0.0.1:${server.port}`,
      requests: [{ label: 'get', method: 'GET', path: '/' }],
    });
    const result = await runLoad(scenario, { target: 'local' });
    files.push({ path: `segment-${index}-of-3/${resultFileName(name)}`, result: { ...result, segment: stamp } });
  }
  return files;
}

beforeAll(async () => {
  server = await startLocalServer((_req, res) => res.end('ok'));
  segments = (await Promise.all([1, 2, 3].map((index) => runSegment(index)))).flat();
});
afterAll(() => server.close());

const without = (index: number) => segments.filter((file) => file.result.segment?.index !== index);
const refusal = (work: () => unknown) => {
  expect(work).toThrow();
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('merging the segments of a run', () => {
  test('every segment once: one result per operation, the offered rate and counts add up to the profile, thresholds judged once on the sum', () => {
    const merged = mergeResultFiles(segments);
    expect(merged.map((result) => result.scenario)).toEqual(operations);
    for (const result of merged) {
      expect(result.offered.rate).toBe(profile.rate);
      expect(result.runs).toBe(3);
      expect(result.sent + result.dropped).toBe(profile.rate * profile.durationSeconds);
      expect(result.segments).toEqual({
        runId: 'run-1',
        profileDigest: digest,
        count: 3,
        merged: [1, 2, 3],
        missing: [],
      });
      expect(result.partial).toBeUndefined();
      expect(result.thresholds.map((verdict) => verdict.threshold)).toEqual(profile.thresholds);
      expect(LatencyHistogram.decode(result.latencyHistogram).count).toBe(result.statuses['200']);
    }
  });

  test('a missing segment is refused naming it; --allow-partial judges what arrived and says which is missing', () => {
    expect(refusal(() => mergeResultFiles(without(2)))).toMatch(
      /Missing segment of run run-1: segments 2\/3 missing for nightly demo a; segments 2\/3 missing for nightly demo b/,
    );
    // One operation's file of one segment is enough to be missing.
    expect(
      refusal(() =>
        mergeResultFiles(
          segments.filter((file) => !(file.result.segment?.index === 3 && file.result.scenario === 'nightly demo b')),
        ),
      ),
    ).toContain('segments 3/3 missing for nightly demo b');
    const partial = mergeResultFiles(without(2), { allowPartial: true });
    for (const result of partial) {
      expect(result.partial).toBe('partial: segments 2/3 missing');
      expect(result.segments?.merged).toEqual([1, 3]);
      expect(result.offered.rate).toBe(profile.rate - 7);
    }
  });

  test('a duplicated segment is refused naming both files, even with --allow-partial', () => {
    const [copy] = segments;
    expect(
      refusal(() =>
        mergeResultFiles([...segments, { ...(copy as ResultFile), path: 'elsewhere.json' }], { allowPartial: true }),
      ),
    ).toBe(
      'Duplicated segment: segment 1/3 of nightly demo a is in segment-1-of-3/nightly-demo-a.json and in elsewhere.json',
    );
  });

  test('a foreign segment (another profile, target or count) is refused naming its file; another run, or a file of no segment at all, is refused listing each run and its folder', () => {
    const [first, second] = segments as [ResultFile, ResultFile];
    const stamp = second.result.segment as SegmentStamp;
    const foreignResult = (result: LoadResult) =>
      refusal(() => mergeResultFiles([first, { path: 'foreign.json', result }], { allowPartial: true }));
    const foreign = (change: Partial<LoadResult>) => foreignResult({ ...second.result, ...change });
    const otherRun = foreign({ segment: { ...stamp, runId: 'run-2' } });
    expect(otherRun).toContain('The inputs hold the results of 2 runs, merged one run at a time:');
    expect(otherRun).toContain('  run run-2: 1 segment(s) of 3, 1 file(s) in .');
    expect(otherRun).not.toContain('Foreign segment');
    expect(foreign({ segment: { ...stamp, profileDigest: 'f'.repeat(64) } })).toContain(
      'foreign.json (nightly demo b) ran another profile',
    );
    expect(foreign({ target: 'staging' })).toContain('foreign.json (nightly demo b) loaded target staging, not local');
    expect(foreign({ segment: { ...stamp, count: 4 } })).toContain('is a segment of 4, not of 3');
    const { segment: _none, ...plain } = second.result;
    expect(foreignResult(plain)).toContain(
      'results without segments (a run without --segment): 1 file(s) in ., e.g. foreign.json',
    );
  });

  test('harness load merge DIR: exit 0 with a file per operation, exit 2 naming a missing segment; --allow-partial reads PARTIAL (exit 1, never PASS) in the terminal, load/summary.md, the files and Allure, whose tests are named as a merge', async () => {
    const dir = tempFolder('segment-merge-');
    const write = (files: readonly ResultFile[], root: string) => {
      for (const file of files) {
        mkdirSync(join(root, file.path, '..'), { recursive: true });
        writeFileSync(join(root, file.path), JSON.stringify(file.result));
      }
    };
    write(segments, join(dir, 'whole'));
    write(without(3), join(dir, 'partial'));
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const printed: string[] = [];
    const logSpy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    // Under GitHub Actions the merge's verdict goes to the job summary as well.
    const stepSummary = join(dir, 'step-summary.md');
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    vi.stubEnv('GITHUB_STEP_SUMMARY', stepSummary);
    try {
      expect(await main(['load', 'merge', join(dir, 'whole'), '--output', join(dir, 'merged')])).toBe(0);
      const merged = JSON.parse(readFileSync(join(dir, 'merged', 'nightly-demo-a.json'), 'utf8')) as LoadResult;
      expect(merged.offered.rate).toBe(20);
      expect(await main(['load', 'merge', join(dir, 'partial'), '--output', join(dir, 'refused')])).toBe(2);
      expect(errors.join('\n')).toContain('Missing segment of run run-1: segments 3/3 missing for nightly demo a');
      errors.length = 0;
      const reports = join(dir, 'reports');
      expect(
        await main([
          'load',
          'merge',
          join(dir, 'partial'),
          '--output',
          join(dir, 'partial-merged'),
          '--allow-partial',
          '--reports',
          reports,
        ]),
      ).toBe(1);
      expect(errors.join('\n')).toContain('PARTIAL: SEGMENTS 3/3 MISSING: judged on what arrived');
      expect(errors.join('\n')).toContain(
        'VERDICT: PARTIAL (segments 3/3 missing): 4 threshold(s) held on what arrived, not a pass (exit 1)',
      );
      expect(errors.join('\n')).not.toContain('PASS:');
      // The compact table (a row per operation), not a block of lines per threshold.
      expect(errors.join('\n')).toMatch(/^operation\s+offered\s+achieved\s+avg .* data in\s+data out\s+thresholds$/m);
      expect(errors.join('\n')).toMatch(/^nightly demo b\s+\d/m);
      // The load command's own summary.md: a conformance run's reports/summary.md is never overwritten by it.
      expect(existsSync(join(reports, 'summary.md'))).toBe(false);
      const summary = readFileSync(join(reports, 'load', 'summary.md'), 'utf8');
      expect(summary).toMatch(/^## ⚠️ harness load merge: PARTIAL\n/);
      expect(summary).toContain('(partial: segments 3/3 missing): ✓');
      expect(summary).toContain('\n> partial: segments 3/3 missing: judged on what arrived\n');
      expect(readFileSync(stepSummary, 'utf8').endsWith(`${summary}\n`)).toBe(true);
      expect(printed.filter((line) => line.startsWith('::'))).toEqual([]);
      expect(errors.join('\n')).toContain('(not recorded: partial: segments 3/3 missing)');
      expect(JSON.parse(readFileSync(join(dir, 'partial-merged', 'nightly-demo-b.json'), 'utf8')).partial).toBe(
        'partial: segments 3/3 missing',
      );
      // Allure: each operation's test says it first, and shows which segments were merged.
      const allure = readdirSync(join(reports, 'allure-results'))
        .filter((file) => file.endsWith('-result.json'))
        .map((file) => JSON.parse(readFileSync(join(reports, 'allure-results', file), 'utf8')));
      expect(allure).toHaveLength(2);
      // Named as a merge, apart from one machine's run of the operation; not passed on a partial picture.
      expect(allure.map((test) => [test.name, test.historyId, test.status]).sort()).toEqual([
        ['nightly demo a (merged)', 'load-merge:nightly demo a', 'unknown'],
        ['nightly demo b (merged)', 'load-merge:nightly demo b', 'unknown'],
      ]);
      for (const test of allure) {
        expect(test.statusDetails.message).toMatch(/^partial: segments 3\/3 missing: judged on what arrived/);
        expect(test.parameters).toContainEqual(
          expect.objectContaining({ name: 'segments', value: '2 of 3 (run run-1); partial: segments 3/3 missing' }),
        );
      }
    } finally {
      spy.mockRestore();
      logSpy.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});

describe('merged percentiles', () => {
  test("the merged histogram's p99 is the p99 of all samples pooled, within the histogram's precision (3 significant digits)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 300 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (parts) => {
          const encoded = parts.map((samples) => {
            const histogram = new LatencyHistogram();
            for (const micros of samples) histogram.record(micros / 1000);
            return histogram.encode();
          });
          const pooled = parts.flat().sort((a, b) => a - b);
          const exact = (pooled[Math.ceil(0.99 * pooled.length) - 1] as number) / 1000;
          expect(Math.abs(LatencyHistogram.merged(encoded).at(99) - exact)).toBeLessThanOrEqual(exact / 1000);
        },
      ),
      { numRuns: 50 },
    );
  });
});
