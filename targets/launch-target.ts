import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { HarnessError } from './harness-error.ts';
import type { ResolvedTarget } from './load-targets.ts';
import type { CommandTarget } from './schema.ts';

/** A started target; stopping it is always safe, also twice. */
export interface LaunchedTarget {
  stop(): Promise<void>;
  /** Process id of a started command target. */
  pid?: number;
  /** Kills a started command target at once (when the harness itself must exit now). */
  kill(): void;
}

const harnessBin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));

/** `{harness}` as argv[0] means this harness's own CLI, run by this very Node. */
export function commandArgv(command: readonly string[]): string[] {
  const [first, ...rest] = command;
  return first === '{harness}' ? [process.execPath, harnessBin, ...rest] : [...command];
}

/** Starts a `command` target and waits until it is ready; a `url` target is assumed running. */
export async function launchTarget(target: ResolvedTarget, env: NodeJS.ProcessEnv = process.env): Promise<LaunchedTarget> {
  if (target.entry.kind === 'url') return { stop: async () => {}, kill: () => {} };
  return launchCommand(target.name, target.entry as CommandTarget, env);
}

async function launchCommand(name: string, entry: CommandTarget, env: NodeJS.ProcessEnv): Promise<LaunchedTarget> {
  const [file, ...args] = commandArgv(entry.command);
  const child = spawn(file as string, args, {
    cwd: entry.cwd,
    env: { ...env, ...entry.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = recentOutput(child);
  const stop = () => stopChild(child);
  try {
    await waitUntilReady(child, entry, output);
  } catch (error) {
    await stop();
    const lines = output.lines.join('\n') || '(no output)';
    throw new HarnessError('TARGET_START_FAILED', `Target "${name}" did not become ready: ${(error as Error).message}\nIts last output:\n${lines}`, `check targets.${name}.command and targets.${name}.ready`);
  }
  return { stop, kill: () => void child.kill('SIGKILL'), ...(child.pid === undefined ? {} : { pid: child.pid }) };
}

/** Keeps the last lines a child printed, for the error when it fails to start. */
function recentOutput(child: ChildProcess): { lines: string[]; onLine: (listener: (line: string) => void) => void } {
  const lines: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  const keep = (line: string) => {
    if (!line) return;
    lines.push(line);
    if (lines.length > 40) lines.shift();
    for (const listener of listeners) listener(line);
  };
  // Each stream keeps its unfinished last line until the rest arrives: a ready line may span chunks.
  const lineReader = () => {
    let partial = '';
    return {
      take: (chunk: Buffer) => {
        const parts = (partial + chunk.toString('utf8')).split(/\r?\n/);
        partial = parts.pop() ?? '';
        parts.forEach(keep);
      },
      flush: () => keep(partial),
    };
  };
  for (const stream of [child.stdout, child.stderr]) {
    const reader = lineReader();
    stream?.on('data', reader.take);
    stream?.on('end', reader.flush);
  }
  return { lines, onLine: (listener) => listeners.push(listener) };
}

function waitUntilReady(child: ChildProcess, entry: CommandTarget, output: ReturnType<typeof recentOutput>): Promise<void> {
  const { stdoutMatches, httpGet, timeoutMs } = entry.ready;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    // 'close' comes after the output streams ended, so the error shows the child's last lines.
    child.once('close', (code, signal) => finish(new Error(`it exited (${signal ?? `code ${code}`}) before it was ready`)));
    child.once('error', (error) => finish(new Error(`it could not be started: ${error.message}`)));
    const pattern = stdoutMatches ? new RegExp(stdoutMatches) : undefined;
    if (pattern) output.onLine((line) => pattern.test(line) && finish());
    const poll = setInterval(() => {
      if (!httpGet) return;
      request(httpGet, { headersTimeout: 1000, bodyTimeout: 1000 })
        .then((response) => response.body.dump().then(() => finish()))
        .catch(() => {});
    }, 100);
  });
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
