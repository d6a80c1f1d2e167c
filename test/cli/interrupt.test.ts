import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { alive } from '../support/process-alive.ts';

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

test('SIGTERM stops the run: the target it started is stopped, the summary is written marked interrupted, exit 2', async () => {
  const reports = mkdtempSync(join(tmpdir(), 'harness-interrupt-'));
  // Many cases per property, so the run is still going when the signal comes.
  const child = spawn(process.execPath, [bin, 'run', '--target', 'reference', '--seed', '4', '--runs', '3000', '--reports', reports], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const running = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('running the suites')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await running;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  child.kill('SIGTERM');
  const code = await exited;

  expect(code, stdout + stderr).toBe(2);
  const targetPid = Number(/target reference started \(pid (\d+)\)/.exec(stdout)?.[1]);
  expect(targetPid).toBeGreaterThan(0);
  expect(alive(targetPid)).toBe(false);
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
  expect(summary.interrupted).toBe(true);
  expect(summary.verdict).toBe('error');
  expect(summary.notRun.length).toBeGreaterThan(0);
  expect(stdout).toContain('INTERRUPTED:');
  expect(stderr).toContain('SIGTERM received');
});
