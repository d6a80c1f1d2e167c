import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceImage } from '../../reference/image/reference-image.ts';
import { containerEngineUnavailable, containersOf } from '../support/container-engine.ts';
import { bundledTargets, runCli, withReferenceCredentials, writeTargets } from '../support/run-harness-cli.ts';
import { tempFolder } from '../support/temp-folders.ts';

/*
 * Container targets for real: the reference's image started by the harness with testcontainers, broken
 * images refused with a one-line reason, and nothing left behind. Skipped, with the reason printed, where
 * no engine is reachable (`.ci/run` provisions one, so CI runs them).
 */

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));
const unavailable = await containerEngineUnavailable();
if (unavailable) console.warn(`container target tests skipped: ${unavailable}`);

/** A container entry of the reference's image, billing only, with what the test changes. */
function referenceContainer(overrides: Record<string, unknown>): Record<string, unknown> {
  const bundled = bundledTargets.targets['reference-container'] as unknown as {
    families: { billing: unknown };
    env: unknown;
  };
  return {
    kind: 'container',
    image: referenceImage.tag,
    command: ['--host', '0.0.0.0', '--port', '{port}'],
    port: '{port}',
    env: bundled.env,
    ready: { logMatches: 'reference target listening', timeoutMs: 30_000 },
    families: { billing: bundled.families.billing },
    ...overrides,
  };
}

describe.skipIf(unavailable !== undefined)('container targets (testcontainers, a real engine)', () => {
  const names: string[] = [];
  afterAll(() => {
    // Whatever a failed test left behind must not outlive the suite.
    for (const name of names)
      for (const id of containersOf(name)) spawn('docker', ['rm', '-f', id], { stdio: 'ignore' });
  });
  beforeAll(() =>
    names.push(
      'reference-container',
      'exits-at-once',
      'never-ready',
      'no-such-image',
      'interrupted',
      'doctor-http',
      'with-mutant',
      'ctrl-c',
    ),
  );

  test('the bundled reference-container entry: doctor starts it, every family answers and authenticates, it is removed', async () => {
    // The full conformant run of every family against a container is the CI-gate example's test (test/ci).
    const result = await runCli(['doctor', '--target', 'reference-container']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const families = Object.keys(
      (bundledTargets.targets['reference-container'] as unknown as { families: object }).families,
    );
    for (const family of families)
      expect(result.stdout).toMatch(
        // A family whose entry gives no credentials (the shortener's document shows none) says so instead.
        new RegExp(
          `^${family}  http://127\\.0\\.0\\.1:\\d+/${family}\\S*\\n  reachable: yes, (auth works: yes|auth: no authentication)`,
          'm',
        ),
      );
    expect(containersOf('reference-container')).toEqual([]);
  });

  test('a failed check gets the container log attached: beside the summary and on the failed test in Allure', async () => {
    const rule = 'billing.headers.track_id.echo';
    const targets = writeTargets({
      'with-mutant': referenceContainer({
        command: ['--host', '0.0.0.0', '--port', '{port}', '--mutant', 'track-id-echo-regenerated'],
      }),
    });
    const result = await runCli([
      'run',
      '--targets',
      targets,
      '--target',
      'with-mutant',
      '--rule',
      rule,
      '--seed',
      '3',
      '--runs',
      '5',
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(readFileSync(join(result.reportsDir, 'target-output.txt'), 'utf8')).toContain('reference target listening');
    const resultsDir = join(result.reportsDir, 'allure-results');
    const failed = readdirSync(resultsDir)
      .filter((file) => file.endsWith('-result.json'))
      .map(
        (file) =>
          JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as {
            status: string;
            attachments: { name: string; source: string }[];
          },
      )
      .filter((test) => test.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const test of failed) {
      const log = test.attachments.find((attachment) => attachment.name.startsWith('target with-mutant: its last'));
      expect(log, JSON.stringify(test.attachments)).toBeDefined();
      expect(readFileSync(join(resultsDir, (log as { source: string }).source), 'utf8')).toContain(
        'mutant=track-id-echo-regenerated',
      );
    }
    expect(containersOf('with-mutant')).toEqual([]);
  });

  test.each([
    [
      'exits-at-once',
      { command: ['--mode', 'no-such-mode'] },
      /did not start: it exited \(code 2\) before it was ready/,
      /No family's reference has the mode/,
    ],
    [
      'never-ready',
      { ready: { logMatches: 'a line it never prints', timeoutMs: 2500 } },
      /did not start: not ready after 2500 ms/,
      /reference target listening/,
    ],
    [
      'no-such-image',
      { image: 'harness-no-such-image:absent' },
      /did not start: image harness-no-such-image:absent is not on the engine and could not be pulled/,
      /build or load the image first/,
    ],
  ])(
    '%s: exit 2 with the reason in one line (and the last log lines), nothing left running',
    async (name, overrides, reason, detail) => {
      const targets = writeTargets({ [name]: referenceContainer(overrides) });
      const result = await runCli(['run', '--targets', targets, '--target', name]);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      const firstLine = result.stderr.split('\n').find((line) => line.includes('did not start')) ?? '';
      expect(firstLine).toMatch(reason);
      expect(result.stderr).toMatch(detail);
      expect(containersOf(name)).toEqual([]);
    },
  );

  test('doctor reports the engine and the image, starts the container (ready when a URL answers) and removes it', async () => {
    const targets = writeTargets({
      'doctor-http': referenceContainer({ ready: { httpGet: 'http://127.0.0.1:{port}/billing', timeoutMs: 30_000 } }),
    });
    const result = await runCli(['doctor', '--targets', targets, '--target', 'doctor-http']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^engine: reachable, server \S+ on .+; network (host|bridge)/m);
    expect(result.stdout).toContain(`image: ${referenceImage.tag} present`);
    expect(result.stdout).toContain('OK: every family is reachable');
    expect(containersOf('doctor-http')).toEqual([]);
  });

  test('SIGINT (Ctrl-C) during the run: the container is removed, the partial summary written, exit 2', async () => {
    const targets = writeTargets({ 'ctrl-c': referenceContainer({}) });
    const reports = tempFolder('harness-container-ctrl-c-');
    const child = spawn(
      process.execPath,
      [bin, 'run', '--targets', targets, '--target', 'ctrl-c', '--runs', '3000', '--reports', reports],
      { stdio: ['ignore', 'pipe', 'pipe'], env: withReferenceCredentials() },
    );
    let output = '';
    const running = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('running the suites')) resolve();
      }),
    );
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await running;
    expect(containersOf('ctrl-c')).toHaveLength(1);
    child.kill('SIGINT');
    expect(await exited, output).toBe(2);
    expect(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))).toMatchObject({ interrupted: true });
    expect(containersOf('ctrl-c')).toEqual([]);
  });

  test('SIGTERM while the container starts: the start is abandoned, the container removed, exit 2', async () => {
    const targets = writeTargets({
      interrupted: referenceContainer({ ready: { logMatches: 'a line it never prints', timeoutMs: 60_000 } }),
    });
    const reports = tempFolder('harness-container-interrupt-');
    const child = spawn(
      process.execPath,
      [bin, 'run', '--targets', targets, '--target', 'interrupted', '--reports', reports],
      { stdio: ['ignore', 'pipe', 'pipe'], env: withReferenceCredentials() },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await expect.poll(() => containersOf('interrupted').length, { timeout: 30_000, interval: 200 }).toBe(1);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited, output).toBe(2);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    // A start given up is the interruption, not the target's failure: the partial summary says so.
    expect(output).toContain('SIGTERM received');
    expect(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))).toMatchObject({
      interrupted: true,
      stoppedBy: 'SIGTERM',
      rules: [],
    });
    expect(containersOf('interrupted')).toEqual([]);
  });
});

test('no engine reachable: one line saying so, exit 2 (needs no engine)', async () => {
  const targets = writeTargets({ nowhere: referenceContainer({}) });
  const result = await runCli(['run', '--targets', targets, '--target', 'nowhere'], {
    DOCKER_HOST: 'unix:///nonexistent/harness-test.sock',
  });
  expect(result.code, result.stdout + result.stderr).toBe(2);
  expect(result.stderr).toMatch(/ENGINE_UNREACHABLE: no container engine reachable/);
  expect(() => readFileSync(join(result.reportsDir, 'summary.json'))).toThrow();
});
