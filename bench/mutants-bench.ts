/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * Wall time of `harness mutants --suite billing` (every billing mutant started in-process and its rule's
 * test run on one reused vitest instance), and the time per mutant.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutantReport } from '../cli/mutants-command.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'harness-bench-mutants-'));
const runs = process.env.BENCH_MUTANT_RUNS ?? '20';
const started = performance.now();
await new Promise<void>((resolve) =>
  execFile(
    process.execPath,
    [bin, 'mutants', '--suite', 'billing', '--seed', '1', '--runs', runs, '--reports', reports],
    { maxBuffer: 64 * 1024 * 1024 },
    () => resolve(),
  ),
);
const seconds = (performance.now() - started) / 1000;
const report = JSON.parse(readFileSync(join(reports, 'mutants.json'), 'utf8')) as MutantReport;
const killed = report.mutants.filter((mutant) => mutant.status === 'killed').length;
const times = report.mutants.map((mutant) => mutant.ms).sort((a, b) => a - b);
console.log(
  `harness mutants --suite billing --runs ${runs}: ${seconds.toFixed(1)} s wall, ${killed} of ${report.mutants.length} killed, ` +
    `per mutant median ${times[Math.floor(times.length / 2)]} ms, slowest ${times.at(-1)} ms ` +
    `(at this rate 300 mutants take about ${(((seconds / report.mutants.length) * 300) / 60).toFixed(1)} min)`,
);
