import { withOptionalPackage } from '../core/optional-package.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../core/harness-error.ts';
import type { LaunchedTarget } from './launched-target.ts';
import type { ResolvedTarget } from './load-targets.ts';
import { RecentLines } from './output-lines.ts';
import { waitUntilReady } from './readiness.ts';
import type { CommandTarget, ContainerTarget } from './schema.ts';

const harnessBin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));

/** `{harness}` as argv[0] means this harness's own CLI, run by this very Node. */
export function commandArgv(command: readonly string[]): string[] {
  const [first, ...rest] = command;
  return first === '{harness}' ? [process.execPath, harnessBin, ...rest] : [...command];
}

/**
 * Starts a `command` or `container` target and waits until it is ready; a `url` target is assumed running.
 * `abort` gives up a start in progress (and removes what was started).
 */
export async function launchTarget(
  target: ResolvedTarget,
  env: NodeJS.ProcessEnv = process.env,
  abort?: AbortSignal,
): Promise<LaunchedTarget> {
  if (target.entry.kind === 'container') {
    // testcontainers (and the Docker client under it) is loaded only by runs that start a container: an optional
    // peer dependency, installed by the teams that use container targets.
    const { launchContainer } = await withOptionalPackage(
      'testcontainers',
      `target ${target.name} (kind container)`,
      () => import('./container/launch-container.ts'),
    );
    return launchContainer(target.name, target.entry as ContainerTarget, target.port, abort);
  }
  if (target.entry.kind === 'url') return { stop: async () => {}, kill: () => {}, recentOutput: () => [] };
  return launchCommand(target.name, target.entry as CommandTarget, env, abort);
}

async function launchCommand(
  name: string,
  entry: CommandTarget,
  env: NodeJS.ProcessEnv,
  abort?: AbortSignal,
): Promise<LaunchedTarget> {
  const [file, ...args] = commandArgv(entry.command);
  const child = spawn(file as string, args, {
    cwd: entry.cwd,
    env: { ...env, ...entry.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = new RecentLines();
  lines.follow(child.stdout);
  lines.follow(child.stderr);
  const stop = () => stopChild(child);
  // 'close' comes after the output streams ended, so the error shows the child's last lines.
  const gone = new Promise<string>((resolve) => {
    child.once('close', (code, signal) => resolve(`it exited (${signal ?? `code ${code}`}) before it was ready`));
    child.once('error', (error) => resolve(`it could not be started: ${error.message}`));
  });
  try {
    const { stdoutMatches, httpGet, timeoutMs } = entry.ready;
    await waitUntilReady(
      { ...(stdoutMatches ? { linePattern: stdoutMatches } : {}), ...(httpGet ? { httpGet } : {}), timeoutMs },
      { lines, gone, ...(abort ? { abort } : {}) },
    );
  } catch (error) {
    await stop();
    const output = lines.last(40).join('\n') || '(no output)';
    throw new HarnessError(
      'TARGET_START_FAILED',
      `Target "${name}" did not become ready: ${(error as Error).message}\nIts last output:\n${output}`,
      `check targets.${name}.command and targets.${name}.ready`,
    );
  }
  return {
    stop,
    kill: () => void child.kill('SIGKILL'),
    recentOutput: () => lines.last(),
    ...(child.pid === undefined ? {} : { pid: child.pid }),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
