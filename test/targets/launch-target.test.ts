import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, test } from 'vitest';
import { HarnessError } from '../../core/harness-error.ts';
import type { LaunchedTarget } from '../../targets/launched-target.ts';
import { launchTarget } from '../../targets/launch-target.ts';
import { resolveTarget } from '../../families/resolve-target.ts';
import type { ResolvedTarget } from '../../targets/load-targets.ts';
import { alive } from '../support/process-alive.ts';

/** A target must declare a family; launching does not look at it. */
const anyFamily = {
  billing: {
    baseUrl: 'http://127.0.0.1:1/billing',
    credentials: { clientId: '00000000-0000-4000-8000-000000000000', clientSecret: 'secret' },
  },
};

const dir = mkdtempSync(join(tmpdir(), 'harness-launch-'));
const launched: LaunchedTarget[] = [];
afterAll(async () => {
  for (const target of launched) await target.stop();
  rmSync(dir, { recursive: true, force: true });
});

function script(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

/** A server on argv[2] that answers "hello <pid>", writes its pid to argv[3], then prints `ready`. */
const server = script(
  'server.mjs',
  `import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
const [port, pidFile, banner = 'ready', delayMs = '0'] = process.argv.slice(2);
writeFileSync(pidFile, String(process.pid));
setTimeout(() => {
  createServer((req, res) => res.end('hello ' + req.url)).listen(Number(port), '127.0.0.1', () => console.log(banner));
}, Number(delayMs));
`,
);

async function resolved(entry: Record<string, unknown>): Promise<ResolvedTarget> {
  return resolveTarget(
    {
      path: join(dir, 'targets.json'),
      defaultTarget: 't',
      rawTargets: { t: { kind: 'command', families: anyFamily, ...entry } },
    },
    't',
    {},
  );
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function startFailure(target: ResolvedTarget): Promise<HarnessError> {
  let thrown: unknown;
  try {
    launched.push(await launchTarget(target, process.env));
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(HarnessError);
  expect((thrown as HarnessError).code).toBe('TARGET_START_FAILED');
  return thrown as HarnessError;
}

describe('launchTarget', () => {
  test('a url target is assumed running; stopping it is a no-op', async () => {
    const target = await resolveTarget(
      { path: 'x', defaultTarget: 't', rawTargets: { t: { kind: 'url', families: anyFamily } } },
      't',
      {},
    );
    const running = await launchTarget(target);
    // Nothing was started: no process, no container, no output to show.
    expect(running.pid).toBeUndefined();
    expect(running.containerId).toBeUndefined();
    expect(running.recentOutput()).toEqual([]);
    await expect(running.stop()).resolves.toBeUndefined();
    await expect(running.stop()).resolves.toBeUndefined();
    expect(() => running.kill()).not.toThrow();
  });

  test('a command target that prints its ready line is launched, answers, and stop() ends it', async () => {
    const pidFile = join(dir, 'stdout.pid');
    const target = await resolved({
      command: ['node', server, '{port}', pidFile],
      ready: { stdoutMatches: '^ready$', timeoutMs: 15_000 },
    });
    const port = target.port as number;
    const running = await launchTarget(target, process.env);
    launched.push(running);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      const response = await request(`http://127.0.0.1:${port}/ping`);
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('hello /ping');
      expect(alive(pid)).toBe(true);
    } finally {
      await running.stop();
    }
    expect(alive(pid)).toBe(false);
    expect(await refuses(port)).toBe(true);
    await running.stop();
  });

  test('ready.httpGet waits until the URL answers', async () => {
    const pidFile = join(dir, 'http.pid');
    const target = await resolved({
      command: ['node', server, '{port}', pidFile, 'listening', '300'],
      ready: { httpGet: 'http://127.0.0.1:{port}/health', timeoutMs: 15_000 },
    });
    const running = await launchTarget(target, process.env);
    launched.push(running);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      const response = await request(`http://127.0.0.1:${target.port}/after-ready`);
      expect(await response.body.text()).toBe('hello /after-ready');
    } finally {
      await running.stop();
    }
    expect(alive(pid)).toBe(false);
  });

  test('the entry env reaches the command', async () => {
    const envScript = script(
      'env.mjs',
      `console.log('value=' + process.env.HARNESS_TEST_VALUE); setInterval(() => {}, 1000);`,
    );
    const target = await resolved({
      command: ['node', envScript],
      env: { HARNESS_TEST_VALUE: 'from-entry' },
      ready: { stdoutMatches: 'value=from-entry', timeoutMs: 15_000 },
    });
    const running = await launchTarget(target, process.env);
    launched.push(running);
    await running.stop();
  });

  test('a command that exits at once is TARGET_START_FAILED with its output', async () => {
    const crash = script('crash.mjs', `console.error('boom: no database configured'); process.exit(3);`);
    const error = await startFailure(
      await resolved({ command: ['node', crash], ready: { stdoutMatches: 'ready', timeoutMs: 15_000 } }),
    );
    expect(error.message).toContain('Target "t" did not become ready');
    expect(error.message).toContain('code 3');
    expect(error.message).toContain('boom: no database configured');
    expect(error.fix).toContain('targets.t.command');
  });

  test('a command that cannot be started is TARGET_START_FAILED', async () => {
    const error = await startFailure(
      await resolved({ command: [join(dir, 'no-such-binary')], ready: { stdoutMatches: 'ready', timeoutMs: 15_000 } }),
    );
    expect(error.message).toContain('could not be started');
  });

  test('a command that never prints its ready line is TARGET_START_FAILED after timeoutMs, and is stopped', async () => {
    const pidFile = join(dir, 'silent.pid');
    const target = await resolved({
      // A shell prints at once; a Node process may take longer than the 500 ms to start on a busy machine.
      command: ['sh', '-c', `echo $$ > '${pidFile}'; echo starting; exec sleep 60`],
      ready: { stdoutMatches: '^ready$', timeoutMs: 500 },
    });
    const error = await startFailure(target);
    expect(error.message).toContain('not ready after 500 ms');
    expect(error.message).toContain('starting');
    expect(alive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });
});
