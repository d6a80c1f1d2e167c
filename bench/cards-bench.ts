/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * Wall time of `harness run --suite cards` against the bundled reference target, and of `harness mutants
 * --suite cards` (every cards mutant verified).
 */
import { printSuiteRun } from './suite-run.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MutantReport } from '../cli/mutants-command.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const runs = 100;

/** Runs the harness CLI to its end and returns the wall time in seconds. */
async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  await new Promise<void>((resolve) =>
    execFile(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 }, () => resolve()),
  );
  return (performance.now() - started) / 1000;
}

await printSuiteRun('cards', runs);

const mutantReports = mkdtempSync(join(tmpdir(), 'harness-bench-'));
const mutantSeconds = await timed([
  'mutants',
  '--suite',
  'cards',
  '--seed',
  '7',
  '--runs',
  '10',
  '--reports',
  mutantReports,
]);
const report = JSON.parse(readFileSync(join(mutantReports, 'mutants.json'), 'utf8')) as MutantReport;
const killed = report.mutants.filter((mutant) => mutant.status === 'killed').length;
console.log(
  `harness mutants --suite cards: ${mutantSeconds.toFixed(1)} s wall, ${killed} of ${report.mutants.length} killed`,
);
