import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendantPids } from '../../run/process-tree.ts';
import { ensureReferenceCredentials } from '../../run/target-stage.ts';
import type { RunSummary } from '../../reporting/run-summary.ts';
import { samplePeakMemory, type TreeMemory } from './tree-memory.ts';
import { runInServer } from './cli-run-servers.ts';
import { tempFolder } from './temp-folders.ts';
import { expect } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));
/**
 * What the CLI's own first line gives (`#!/usr/bin/env -S NAME=value node --flag`): its environment and node's
 * flags, as a user running `harness` gets them.
 */
const binLine = (/^#!\S*env -S (.*)$/.exec(readFileSync(bin, 'utf8').split('\n')[0] ?? '')?.[1] ?? 'node').split(' ');
const binEnv = Object.fromEntries(
  binLine.slice(0, binLine.indexOf('node')).map((assignment) => assignment.split('=') as [string, string]),
);
const binNodeFlags = binLine.slice(binLine.indexOf('node') + 1);
export const bundledTargets = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../targets.json', import.meta.url)), 'utf8'),
) as {
  targets: Record<string, { command: string[] } & Record<string, unknown>>;
};

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  reportsDir: string;
  summary(): RunSummary;
  /** The run server that ran it (test/support/cli-run-servers.ts); undefined for a run in a process of its own. */
  serverPid?: number;
  /** The run's peak tree memory, when sampled (`samplePeak`, or a benchmark's HARNESS_MEMORY_LOG). */
  peak?: TreeMemory;
}

let referenceCredentials: NodeJS.ProcessEnv | undefined;
/**
 * The reference's credentials, as a user of a copied reference entry would export them: the CLI generates
 * them only for the bundled targets file, and tests write their own. Made once per test process.
 */
export function withReferenceCredentials(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  if (!referenceCredentials) {
    referenceCredentials = { ...process.env };
    ensureReferenceCredentials(referenceCredentials);
  }
  const merged: NodeJS.ProcessEnv = { ...referenceCredentials, ...env };
  // A variable given as undefined is one the test wants unset.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  return merged;
}

/** Where each CLI run's peak tree memory is appended as a JSON line, when a benchmark asks for it. */
const memoryLog = process.env.HARNESS_MEMORY_LOG;
/** Where each CLI run of the self-tests is appended as a JSON line (file, test, seconds), when a benchmark asks. */
const runLog = process.env.HARNESS_CLI_RUN_LOG;
/** GNU time, which measures a logged run's CPU seconds where it is installed. */
const gnuTime = '/usr/bin/time';

/** How long a CLI run may take before it is killed: 300 s unless the test says (a whole mutant catalogue takes more). */
export interface CliLimits {
  timeoutMs?: number;
}

/** The commands that judge rules, run strict by the self-tests (engine/declared-prerequisites.ts). */
const strictCommands = new Set(['run', 'mutants']);

/**
 * The commands a run server may serve (cli-run-servers.ts): those that judge rules or list them. The others run in a
 * process of their own: they start servers or load generators of their own, read a terminal, or are the command a
 * test is about (init, load, reference, sign, doctor).
 */
const servedCommands = new Set(['run', 'mutants', 'rules']);
/** HARNESS_CLI_FRESH_PROCESS=1 runs every command in a process of its own, as before the run servers. */
const freshProcesses = process.env.HARNESS_CLI_FRESH_PROCESS === '1';

/**
 * Whether this run may be served by a run server: it needs no process of its own (its peak memory measured, another
 * working folder, families registered through HARNESS_FAMILIES, which the CLI registers once per process).
 */
function servable(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: { samplePeak?: boolean; cwd?: string; freshProcess?: boolean },
) {
  if (freshProcesses || memoryLog || options.freshProcess || options.samplePeak || options.cwd) return false;
  if (env.HARNESS_FAMILIES ?? process.env.HARNESS_FAMILIES) return false;
  return servedCommands.has(args[0] ?? '');
}

/**
 * Runs the real `harness` CLI with its own reports folder: in a run server (cli-run-servers.ts) when the run needs no
 * process of its own, else in a child process of its own.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  /**
   * `samplePeak`: sample the tree's memory; `label`: what a benchmark prints for the run (the hostile mode);
   * `timeoutMs`: see CliLimits; `cwd`: the folder it runs in (default this process's); `freshProcess`: never in a run
   * server.
   */
  options: { samplePeak?: boolean; label?: string; cwd?: string; freshProcess?: boolean } & CliLimits = {},
): Promise<CliResult> {
  const reportsDir = tempFolder('harness-reports-');
  // `{reports}` stands for the fresh reports folder; `run` always gets it.
  const filled = args.map((arg) => (arg === '{reports}' ? reportsDir : arg));
  const withReports = args[0] === 'run' ? [...filled, '--reports', reportsDir] : filled;
  // Every judging run of the self-tests keeps the rule table whole: a block by an undeclared rule breaks the rule.
  if (strictCommands.has(args[0] ?? '') && !args.includes('--help')) withReports.push('--strict-prerequisites');
  const startedAt = performance.now();
  const timeoutMs = options.timeoutMs ?? 300_000;
  const logRun = (code: number, cpuSeconds: number | undefined) => {
    if (runLog)
      appendFileSync(
        runLog,
        `${JSON.stringify({ file: expect.getState().testPath, test: expect.getState().currentTestName, args: withReports.slice(0, 8), code, seconds: (performance.now() - startedAt) / 1000, cpuSeconds })}\n`,
      );
  };
  if (servable(args, env, options))
    return runInServer(withReports, withReferenceCredentials({ ...binEnv, ...env }), {
      nodeFlags: binNodeFlags,
      timeoutMs,
    }).then(({ code, stdout, stderr, cpuSeconds, serverPid }) => {
      logRun(code, cpuSeconds);
      const summary = () => readSummary(reportsDir, { code, stdout, stderr });
      return { code, stdout, stderr, reportsDir, serverPid, summary };
    });
  // A benchmark that logs the runs also gets each run's CPU seconds, its children's included (GNU time's -o file).
  const cpuFile = runLog && existsSync(gnuTime) ? join(tempFolder('harness-cpu-'), 'cpu') : undefined;
  const command = [process.execPath, ...binNodeFlags, bin, ...withReports];
  const timed = cpuFile ? [gnuTime, '-q', '-f', '%U %S', '-o', cpuFile, ...command] : command;
  return new Promise((resolve) => {
    const child = execFile(
      timed[0] as string,
      timed.slice(1),
      {
        env: withReferenceCredentials({ ...binEnv, ...env }),
        maxBuffer: 64 * 1024 * 1024,
        // Under GNU time, a timeout must stop the CLI itself, not only time: see stopTimedTree below.
        ...(cpuFile ? {} : { timeout: timeoutMs }),
        ...(options.cwd ? { cwd: options.cwd } : {}),
      },
      (error, stdout, stderr) => {
        clearTimeout(stopTimedTree);
        const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
        const peak = stopSampling?.();
        logRun(code, cpuSecondsIn(cpuFile));
        if (peak && memoryLog)
          appendFileSync(
            memoryLog,
            `${JSON.stringify({ args: withReports.filter((arg) => !arg.startsWith('/')), label: options.label, code, seconds: (performance.now() - startedAt) / 1000, peak })}\n`,
          );
        resolve({
          code,
          stdout,
          stderr,
          reportsDir,
          ...(peak ? { peak } : {}),
          summary: () => readSummary(reportsDir, { code, stdout, stderr }),
        });
      },
    );
    // GNU time does not pass a signal on: the whole tree below it is stopped, the CLI and what it started included.
    const stopTimedTree =
      cpuFile && child.pid !== undefined
        ? setTimeout(() => {
            for (const pid of [...descendantPids(child.pid), child.pid as number].reverse())
              try {
                process.kill(pid, 'SIGTERM');
              } catch {
                // Already gone.
              }
          }, timeoutMs)
        : undefined;
    // A benchmark (bench/hostile-walks-bench.ts) asks for each run's peak memory through this variable.
    const stopSampling =
      (memoryLog || options.samplePeak) && child.pid !== undefined ? samplePeakMemory(child.pid) : undefined;
  });
}

/** The user and system seconds GNU time wrote (undefined where it wrote none). */
function cpuSecondsIn(file: string | undefined): number | undefined {
  if (!file || !existsSync(file)) return undefined;
  const [user = 0, system = 0] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  return user + system;
}

/** The run's summary.json; a run that wrote none fails the test with its exit code and last output. */
function readSummary(reportsDir: string, ended: { code: number; stdout: string; stderr: string }): RunSummary {
  const path = join(reportsDir, 'summary.json');
  if (!existsSync(path))
    throw new Error(
      `the run wrote no summary.json (exit ${ended.code})\nstdout:\n${ended.stdout.slice(-2000)}\nstderr:\n${ended.stderr.slice(-2000)}`,
    );
  return JSON.parse(readFileSync(path, 'utf8')) as RunSummary;
}

/** Writes a targets file with the given entries and returns its path. */
export function writeTargets(targets: Record<string, unknown>): string {
  const path = join(tempFolder('harness-targets-'), 'targets.json');
  writeFileSync(path, JSON.stringify({ targets }, null, 2));
  return path;
}
