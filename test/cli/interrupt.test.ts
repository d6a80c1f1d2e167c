import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { hostileClientId, hostileClientSecret, startHostileTarget } from '../support/hostile-target.ts';
import { alive } from '../support/process-alive.ts';
import { runCli, writeTargets } from '../support/run-harness-cli.ts';

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
  // Killed by the run (at once, or SIGKILL when its wind-down ran out of time); a loaded machine may take a moment to end it.
  await expect.poll(() => alive(targetPid), { timeout: 5000, interval: 100 }).toBe(false);
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
  expect(summary.interrupted).toBe(true);
  expect(summary.verdict).toBe('error');
  expect(summary.notRun.length).toBeGreaterThan(0);
  expect(stdout).toContain('INTERRUPTED:');
  expect(stderr).toContain('SIGTERM received');
});

test('a run killed outright (SIGKILL) leaves a valid summary.json and junit.xml of the rules that had finished', async () => {
  const reports = mkdtempSync(join(tmpdir(), 'harness-killed-'));
  // Its own process group, so the kill takes the target and the workers too, as a CI job's kill would.
  const child = spawn(process.execPath, [bin, 'run', '--target', 'reference', '--seed', '4', '--runs', '3000', '--reports', reports], { stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const summaryFile = join(reports, 'summary.json');
  try {
    await expect
      .poll(() => (existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary).rules.length : 0), { timeout: 90_000, interval: 200 })
      .toBeGreaterThan(0);
  } finally {
    process.kill(-(child.pid as number), 'SIGKILL');
  }
  await exited;
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary;
  expect(summary.inProgress).toBe(true);
  expect(summary.rules.length).toBeGreaterThan(0);
  expect(summary.notRun.length).toBeGreaterThan(0);
  const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
  expect(XMLValidator.validate(junit)).toBe(true);
  expect(junit).toContain('(in progress)');
  expect(Number(/<testsuites [^>]*tests="(\d+)"/.exec(junit)?.[1])).toBe(summary.rules.length + summary.notRun.length);
});

test('the deadline stops a run that would stall: the rest is reported as not run with the reason, inside the deadline plus the grace', async () => {
  // The target never answers a catalog request, and the breaker is set not to open: only the deadline ends it.
  const target = await startHostileTarget(() => {});
  try {
    const targets = writeTargets({
      stalling: {
        kind: 'url',
        families: { billing: { baseUrl: target.baseUrl, credentials: { clientId: '${STALL_ID}', clientSecret: '${STALL_SECRET}' }, tenant: { multiEntity: false, multiOrg: false } } },
        client: { timeoutMs: 20_000, unresponsiveAfter: 1000, concurrency: 1 },
        maxTimeMs: 600_000,
      },
    });
    const started = Date.now();
    const result = await runCli(['run', '--targets', targets, '--target', 'stalling', '--seed', '1', '--runs', '5', '--max-time', '6s', '--suite', 'billing'], {
      STALL_ID: hostileClientId,
      STALL_SECRET: hostileClientSecret,
    });
    const summary = result.summary();
    expect(summary.stoppedBy, result.stdout.slice(-2000)).toBe('max-time');
    expect(result.code).toBe(summary.counts.failed > 0 ? 1 : 2);
    expect(summary.notRun.length).toBeGreaterThan(0);
    expect(result.stdout).toContain('the run reached its deadline (6 s)');
    expect(result.stdout).toContain('(the run reached its deadline (--max-time))');
    // Start-up, the 6 s deadline and at most the 3 s grace for tests in progress, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000);
  } finally {
    await target.close();
  }
});

/** One run of the shortener family interrupted `delayMs` after its first output line, by pid or its whole process group. */
async function interruptOnce(delayMs: number, signal: 'SIGINT' | 'SIGTERM', wholeGroup: boolean) {
  const reports = mkdtempSync(join(tmpdir(), 'harness-interrupt-random-'));
  // Its own process group: Ctrl-C reaches every process of the group (workers and target too), as on a terminal.
  // Cases enough that the rules still run at the latest moment drawn (3.5 s after the first line): the run
  // takes about 9 s on 2 cores when left alone.
  const child = spawn(process.execPath, [bin, 'run', '--suite', 'shortener', '--workers', '1', '--seed', '9', '--runs', '20000', '--reports', reports], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const started = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })));
  try {
    await started;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const sentAt = Date.now();
    try {
      process.kill(wholeGroup ? -(child.pid as number) : (child.pid as number), signal);
    } catch (error) {
      // The run ended before the signal (a very slow or very fast machine): its own verdict is judged below.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    const exit = await exited;
    const summaryFile = join(reports, 'summary.json');
    const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary) : undefined;
    const targetPid = Number(/target reference started \(pid (\d+)\)/.exec(output)?.[1] ?? 0);
    return { ...exit, stoppedAfterMs: Date.now() - sentAt, summary, targetPid, output };
  } finally {
    // Whatever happened, nothing of this run outlives the test.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
}

test('interrupts always end: 20 runs stopped at random moments (start-up, preflight, vitest starting, rules running) by SIGINT or SIGTERM, to the process or its whole group, each exit 2 within 5 s with the summary marked interrupted', async () => {
  const seed = Date.now() % 100_000;
  let state = seed;
  // A printed seed: a failure names the moment it happened at.
  const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
  const plans = Array.from({ length: 20 }, (_, index) => ({ delayMs: Math.round(random() * 3500), signal: index % 2 ? ('SIGTERM' as const) : ('SIGINT' as const), wholeGroup: index % 4 >= 2 }));
  const outcomes: Awaited<ReturnType<typeof interruptOnce>>[] = [];
  // Three at a time: about a minute in all on a small machine.
  for (let index = 0; index < plans.length; index += 3) {
    outcomes.push(...(await Promise.all(plans.slice(index, index + 3).map((plan) => interruptOnce(plan.delayMs, plan.signal, plan.wholeGroup)))));
  }
  for (const [index, outcome] of outcomes.entries()) {
    const about = `run ${index} of seed ${seed} (${JSON.stringify(plans[index])}):\n${outcome.output.slice(-1500)}`;
    expect(outcome.signal, about).toBeNull();
    expect(outcome.stoppedAfterMs, about).toBeLessThan(5000);
    if (outcome.summary && !outcome.summary.interrupted) {
      // The run had finished before the signal came: its own verdict stands.
      expect([0, 1, 2], about).toContain(outcome.code);
      continue;
    }
    expect(outcome.code, about).toBe(2);
    expect(outcome.summary?.interrupted, about).toBe(true);
    expect(outcome.summary?.inProgress, about).toBe(false);
    if (outcome.targetPid) expect(alive(outcome.targetPid), about).toBe(false);
  }
}, 150_000);
