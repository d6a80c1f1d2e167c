/**
 * The wall time of one `harness run` against the bundled reference (one suite, or all of them), for the benchmark
 * scripts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunSummary } from '../reporting/run-summary.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));

export async function timeSuiteRun(
  suite: string | undefined,
  runs: number,
  extraArgs: readonly string[] = [],
): Promise<{ seconds: number; summary: RunSummary }> {
  const reports = mkdtempSync(join(tmpdir(), 'harness-bench-'));
  const started = performance.now();
  const suiteArgs = suite === undefined ? [] : ['--suite', suite];
  await new Promise<void>((resolve) =>
    execFile(
      process.execPath,
      [bin, 'run', ...suiteArgs, '--seed', '1', '--runs', String(runs), '--reports', reports, ...extraArgs],
      { maxBuffer: 64 * 1024 * 1024 },
      () => resolve(),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, summary: JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary };
}

/** Runs the suite and prints its line: wall time, verdict, exchanges. */
export async function printSuiteRun(suite: string, runs: number): Promise<void> {
  const { seconds, summary } = await timeSuiteRun(suite, runs);
  console.log(
    `harness run --suite ${suite} --runs ${runs}: ${seconds.toFixed(1)} s wall, verdict ${summary.verdict}, ${summary.exchanges} exchanges`,
  );
}
