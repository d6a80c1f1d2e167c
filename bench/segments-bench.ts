/*
 * Nightly load beyond one process (issue 32), printed, not asserted: the same profile offered by 1 replica and by
 * 3 replicas (harness processes on this machine, each `load nightly --segment I/3` from one --start-at), merged
 * as `harness load merge` does; per run the offered and achieved rate, the merged p50 / p99 and the dropped count.
 * The target is the bundled reference's shortener in this process, on loopback: one operation. The figures say
 * what splitting costs and buys on one machine; on an orchestrator each replica has a machine of its own.
 *   node --import tsx bench/segments-bench.ts [--rate 600] [--duration 5]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { families } from '../families/index.ts';
import type { LoadResult } from '../load/load-result.ts';
import { mergeResultFiles } from '../load/segment-merge.ts';
import { startReferenceServer } from '../reference/server.ts';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));

/** Runs `replicas` segment processes from one start and merges what they wrote. */
async function replicated(replicas: number, targets: string, rate: number, duration: number): Promise<LoadResult> {
  const reports = mkdtempSync(join(tmpdir(), `segments-bench-${replicas}-`));
  try {
    // Far enough ahead for every process to have started (a busy machine takes seconds).
    const startAt = String(Date.now() + 8000 + replicas * 2000);
    await Promise.all(
      Array.from({ length: replicas }, (_, at) =>
        run(process.execPath, [
          bin,
          'load',
          'nightly',
          '--targets',
          targets,
          '--reports',
          reports,
          '--rate',
          String(rate),
          '--duration',
          String(duration),
          '--segment',
          `${at + 1}/${replicas}`,
          '--start-at',
          startAt,
        ]),
      ),
    );
    const dir = join(reports, 'load', 'nightly');
    const files = readdirSync(dir).flatMap((segment) =>
      readdirSync(join(dir, segment)).map((file) => join(dir, segment, file)),
    );
    const [merged] = mergeResultFiles(
      files.map((path) => ({ path, result: JSON.parse(readFileSync(path, 'utf8')) as LoadResult })),
    );
    return merged as LoadResult;
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: { rate: { type: 'string', default: '600' }, duration: { type: 'string', default: '5' } },
});
const rate = Number(values.rate);
const duration = Number(values.duration);
const reference = await startReferenceServer({
  env: {},
  serve: families().filter((family) => family.name === 'shortener'),
});
const folder = mkdtempSync(join(tmpdir(), 'segments-bench-targets-'));
const targets = join(folder, 'targets.json');
writeFileSync(
  targets,
  JSON.stringify({
    default: 'local',
    targets: {
      local: {
        kind: 'url',
        families: { shortener: { baseUrl: reference.baseUrls.shortener } },
        load: { rate, durationSeconds: duration, thresholds: ['p99 < 500 ms', 'rate(2xx) >= 99%'] },
      },
    },
  }),
);
try {
  console.log(
    `segments: nightly shortener mappings, ${rate} req/s for ${duration} s, against the reference on loopback (${process.version})`,
  );
  console.log('  replicas  offered (req/s)  achieved (req/s)  sent   dropped  p50 (ms)  p99 (ms)  thresholds');
  for (const replicas of [1, 3]) {
    const merged = await replicated(replicas, targets, rate, duration);
    const cells = [
      String(replicas).padEnd(8),
      String(merged.offered.rate).padEnd(15),
      merged.achievedRate.toFixed(1).padEnd(16),
      String(merged.sent).padEnd(6),
      String(merged.dropped).padEnd(7),
      String(merged.latencyMs.p50).padEnd(8),
      String(merged.latencyMs.p99).padEnd(8),
      merged.passed ? 'held' : 'failed',
    ];
    console.log(`  ${cells.join('  ')}`);
  }
} finally {
  await reference.close();
  rmSync(folder, { recursive: true, force: true });
}
