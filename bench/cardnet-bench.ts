/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * Wall time of `harness run --suite FAMILY` against the bundled reference target for each card-network family
 * of spec document 2 that the harness covers (URL shortening, part D; agentic-commerce notifications, part C; loyalty network, part A).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunSummary } from '../reporting/run-summary.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const runs = 100;

for (const suite of ['shortener', 'agentic', 'loyalty']) {
  const reports = mkdtempSync(join(tmpdir(), 'harness-bench-'));
  const started = performance.now();
  await new Promise<void>((resolve) => execFile(process.execPath, [bin, 'run', '--suite', suite, '--seed', '1', '--runs', String(runs), '--reports', reports], () => resolve()));
  const seconds = (performance.now() - started) / 1000;
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
  console.log(`harness run --suite ${suite} --runs ${runs}: ${seconds.toFixed(1)} s wall, verdict ${summary.verdict}, ${summary.exchanges} exchanges`);
}
