import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { harnessImage } from '../../cli/harness-image/harness-image.ts';
import { main } from '../../cli/main.ts';
import { families } from '../../families/index.ts';
import { LatencyHistogram } from '../../load/latency-histogram.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { bundledTargets } from '../support/run-harness-cli.ts';
import { createJob, ensureSwarm, jobEnded, jobLogs, removeJob, swarmUnavailable } from './swarm-job.ts';

/**
 * The nightly profile beyond one machine, on an orchestrator for real: a Docker Swarm replicated job of the
 * harness image, 3 replicas each given its slot as the segment, against the bundled reference on this host
 * (loopback: the tasks use the host's network), results in a bind mount, merged by the image's `load merge`.
 * Short on purpose (two operations of one family, 4 s each): under a minute in CI.
 */
const unavailable = await swarmUnavailable();
if (unavailable) console.warn(`swarm nightly test skipped: ${unavailable}`);

const replicas = 3;
const profile = {
  rate: 30,
  durationSeconds: 4,
  connections: 3,
  thresholds: ['p99 > 0 ms', 'rate(2xx) >= 99%', 'rate(5xx) == 0'],
};
const execFileAsync = promisify(execFile);

describe.skipIf(unavailable !== undefined)('nightly load as a Docker Swarm replicated job of the harness image', () => {
  let reference: RunningReference;
  let folder: string;
  let leaveSwarm: () => Promise<void> = async () => {};
  const job = `harness-nightly-${process.pid}-${Date.now() % 100_000}`;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {};
    reference = await startReferenceServer({ env, serve: families().filter((family) => family.name === 'loyalty') });
    folder = mkdtempSync(join(tmpdir(), 'swarm-nightly-'));
    // The bundled entry's loyalty section with the reference's credentials written in: the replicas read this file
    // only.
    const section = JSON.stringify(
      (bundledTargets.targets.reference as unknown as { families: { loyalty: unknown } }).families.loyalty,
    )
      .replaceAll('http://127.0.0.1:{port}/loyalty', reference.baseUrls.loyalty as string)
      .replace(/\$\{(REFERENCE_[A-Z_]+)\}/g, (_, name: string) => env[name] as string);
    writeFileSync(
      join(folder, 'targets.json'),
      JSON.stringify({
        default: 'reference-on-host',
        targets: { 'reference-on-host': { kind: 'url', families: { loyalty: JSON.parse(section) }, load: profile } },
      }),
    );
    leaveSwarm = await ensureSwarm();
  }, 60_000);

  afterAll(async () => {
    await removeJob(job);
    await leaveSwarm();
    await reference?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  test('3 segments merge into the profile: offered rate, the p99 of every sample, thresholds judged once; a replica that never reports is exit 2', async () => {
    // Time for every replica's container to start, or be started again by Swarm, on a busy machine.
    const startAt = Date.now() + 20_000;
    await createJob(job, replicas, folder, [
      'load',
      'nightly',
      '--targets',
      '/work/targets.json',
      '--reports',
      '/work/reports',
      '--segment',
      '$(SEGMENT)',
      '--start-at',
      String(startAt),
      '--run-id',
      'swarm-nightly',
    ]);
    const tasks = await jobEnded(job, replicas, 90_000);
    expect(
      tasks.filter((task) => task.state === 'Complete'),
      `${tasks.map((task) => `${task.state} ${task.error}`.trim()).join(', ')}\n${await jobLogs(job)}`,
    ).toHaveLength(replicas);
    // The run's folder, named by its id: another run's files never meet its segments.
    const nightly = join(folder, 'reports', 'load', 'nightly', 'swarm-nightly');
    expect(readdirSync(nightly).sort()).toEqual(['segment-1-of-3', 'segment-2-of-3', 'segment-3-of-3']);

    // The merge in the image too, judging once on the sum.
    const merge = await execFileAsync(
      'docker',
      [
        'run',
        '--rm',
        '--network',
        'none',
        '--mount',
        `type=bind,source=${folder},target=/work`,
        harnessImage.tag,
        'load',
        'merge',
        '/work/reports/load/nightly/swarm-nightly',
        // Relative: inside the reports folder (./reports of the working folder, /work), never the mounted folder's root.
        '--output',
        'merged',
      ],
      { encoding: 'utf8' },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in merge ? merge.code : 0, 'stderr' in merge ? merge.stderr : '').toBe(0);
    const operations = readdirSync(join(folder, 'reports', 'merged')).sort();
    expect(operations).toEqual(['nightly-loyalty-notify.json', 'nightly-loyalty-transfer-simulated.json']);
    for (const file of operations) {
      const merged = JSON.parse(readFileSync(join(folder, 'reports', 'merged', file), 'utf8')) as LoadResult;
      const segments = [1, 2, 3].map(
        (index) => JSON.parse(readFileSync(join(nightly, `segment-${index}-of-3`, file), 'utf8')) as LoadResult,
      );
      expect(segments.map((segment) => segment.offered.rate)).toEqual([10, 10, 10]);
      // Offered: exactly the profile's rate, and every request of its schedule due once across the replicas.
      expect(merged.offered.rate).toBe(profile.rate);
      expect(Math.abs((merged.sent + merged.dropped) / profile.durationSeconds - profile.rate)).toBeLessThanOrEqual(
        profile.rate * 0.01,
      );
      expect(merged.achievedRate).toBeGreaterThan(profile.rate * 0.9);
      expect(merged.segments).toMatchObject({ count: 3, merged: [1, 2, 3], missing: [] });
      // The p99 of all samples: every response's time, recorded per second by each replica, pooled.
      const pooled = LatencyHistogram.merged(
        segments.flatMap((segment) =>
          segment.perSecond.flatMap((second) => (second.responseTime ? [second.responseTime] : [])),
        ),
      );
      expect(pooled.count).toBe(LatencyHistogram.decode(merged.latencyHistogram).count);
      expect(Math.abs(merged.latencyMs.p99 - pooled.at(99))).toBeLessThanOrEqual(pooled.at(99) / 1000 + 0.001);
      // Judged once, on the sum: the profile's thresholds, each once.
      expect(merged.thresholds.map((verdict) => verdict.threshold)).toEqual(profile.thresholds);
      expect(merged.passed, JSON.stringify(merged.thresholds)).toBe(true);
    }
    // The compact table: a row per operation, every threshold held.
    expect(merge.stderr.match(/ ✓ (\d+)\/\1$/gm)).toHaveLength(operations.length);

    // Replica 2 never reported: its segment is missing, and the merge says which, exit 2.
    const arrived = join(folder, 'arrived');
    for (const index of [1, 3])
      cpSync(join(nightly, `segment-${index}-of-3`), join(arrived, `segment-${index}-of-3`), { recursive: true });
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
    try {
      expect(await main(['load', 'merge', arrived, '--output', join(folder, 'refused')])).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(printed.join('\n')).toContain('segments 2/3 missing for nightly loyalty notify');
  }, 180_000);

  test("the image's CLI also judges a conformance run (harness run, the mounted targets file, the reference on the host)", async () => {
    const reports = join(folder, 'run-reports');
    const run = await execFileAsync(
      'docker',
      [
        'run',
        '--rm',
        '--network',
        'host',
        '--mount',
        `type=bind,source=${folder},target=/work`,
        harnessImage.tag,
        'run',
        '--targets',
        '/work/targets.json',
        '--runs',
        '1',
        '--reports',
        '/work/run-reports',
      ],
      { encoding: 'utf8' },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect('code' in run ? run.code : 0, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('CONFORMANT');
    expect(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))).toBeTypeOf('object');
  }, 120_000);
});
