/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * The main job (`npm start`: `harness run --html`, every family against the bundled reference, seed 1): its wall
 * time, median of 3, and where the time goes, each figure a median too: start-up (loading the CLI, starting the
 * target, the preflight and vitest's creation, the workers' first imports), each family's ordinary suite files
 * (first test start to last test end: families overlap), each rate-limit probe and the late-memory files, and the
 * report writing after the last test (summary, JUnit, Allure HTML).
 *
 *   node --import tsx bench/main-job-breakdown.ts [--attempts N] [--vs /path/to/other/checkout]
 *
 * `--vs` runs another checkout's main job in turn with this one's (A B A B ...), so a change is compared side by
 * side on one machine in one run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RunSummary } from '../reporting/run-summary.ts';

interface AllureResult {
  status: string;
  start: number;
  stop: number;
  labels: { name: string; value: string }[];
}

/** One main job: its figures in seconds, by name, in the order they are printed. */
type Breakdown = Map<string, number>;

interface MainJob {
  wall: number;
  figures: Breakdown;
  verdict: string;
  counts: string;
  exchanges: number;
}

/** Printed lines of `harness run` that mark the end of a start-up stage. */
const stageLines: [string, RegExp][] = [
  ['start-up: loading the CLI', /^harness run: target /],
  ['start-up: starting the target', /^target \S+ started/],
  ['start-up: preflight and vitest', /^running the suites$/],
];

/** Runs the main job of a checkout once; the clock of each printed line is read as it arrives. */
async function mainJob(checkout: string): Promise<MainJob> {
  const reports = mkdtempSync(join(tmpdir(), 'harness-main-job-'));
  const started = Date.now();
  const seen = new Map<string, number>();
  let pending = '';
  const exitedAt = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [join(checkout, 'bin/harness.js'), 'run', '--html', '--seed', '1', '--reports', reports],
      { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const stage = stageLines.find(([, pattern]) => pattern.test(line));
        if (stage && !seen.has(stage[0])) seen.set(stage[0], Date.now());
        if (/^allure report: /.test(line)) seen.set('html', Date.now());
      }
    });
    child.on('exit', () => resolve(Date.now()));
  });
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
  const results = readdirSync(join(reports, 'allure-results'))
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(reports, 'allure-results', name), 'utf8')) as AllureResult);
  rmSync(reports, { recursive: true, force: true });
  return {
    wall: (exitedAt - started) / 1000,
    figures: breakdown(started, seen, results, exitedAt),
    verdict: summary.verdict,
    counts: `${summary.counts.passed} passed, ${summary.counts['not-applicable']} not applicable, ${summary.counts.failed} failed`,
    exchanges: summary.exchanges,
  };
}

/** The suite file a test result came from, e.g. `billing/token-rate-limit.alone.suite.ts`. */
function fileOf(result: AllureResult): string {
  const pkg = result.labels.find((label) => label.name === 'package')?.value ?? '';
  return pkg.replace(/^.*?\.suites\./, '').replace('.', '/');
}

function breakdown(started: number, seen: Map<string, number>, results: AllureResult[], exitedAt: number): Breakdown {
  const figures: Breakdown = new Map();
  let previous = started;
  for (const [stage] of stageLines) {
    const at = seen.get(stage);
    if (at === undefined) continue;
    figures.set(stage, (at - previous) / 1000);
    previous = at;
  }
  // Skipped tests (not applicable) are stamped when the run ends: only tests that ran mark a file's span.
  const ran = results.filter((result) => result.status !== 'skipped');
  const firstTest = Math.min(...ran.map((result) => result.start));
  const lastTest = Math.max(...results.map((result) => result.stop));
  figures.set('start-up: workers up to the first test', (firstTest - previous) / 1000);
  figures.set('start-up (spawn to first test)', (firstTest - started) / 1000);
  const span = (label: string, of: (file: string) => boolean) => {
    const mine = ran.filter((result) => of(fileOf(result)));
    if (mine.length === 0) return;
    const from = Math.min(...mine.map((result) => result.start));
    const to = Math.max(...mine.map((result) => result.stop));
    figures.set(`${label} (${((from - started) / 1000).toFixed(1)} s on)`, (to - from) / 1000);
  };
  const familiesRun = [...new Set(ran.map((result) => fileOf(result).split('/')[0] as string))].sort();
  for (const family of familiesRun)
    span(`family ${family}`, (file) => file.startsWith(`${family}/`) && !file.includes('.alone.'));
  for (const probe of [...new Set(ran.map(fileOf))].filter((file) => /\.alone\./.test(file) && !/memory\./.test(file)))
    span(`probe ${probe}`, (file) => file === probe);
  span('late-memory files', (file) => file.endsWith('/memory.alone.suite.ts'));
  figures.set('suites (first test to last test)', (lastTest - firstTest) / 1000);
  const html = seen.get('html') ?? exitedAt;
  figures.set('report writing (last test to exit)', (exitedAt - lastTest) / 1000);
  figures.set('  of which the Allure HTML up to its line', (html - lastTest) / 1000);
  return figures;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Each figure's median over the runs (the labels of a span carry their start time: the first run's is kept). */
function print(label: string, jobs: readonly MainJob[]): void {
  const walls = jobs.map((job) => job.wall);
  const last = jobs.at(-1) as MainJob;
  console.log(
    `main job (${label}): ${median(walls).toFixed(1)} s wall (median of ${jobs.length}; ${walls.map((wall) => wall.toFixed(1)).join(', ')}), verdict ${last.verdict}, ${last.counts}, ${last.exchanges} exchanges`,
  );
  const key = (name: string) => name.replace(/ \(\d+\.\d s on\)$/, '');
  const names = new Map<string, string>();
  for (const job of jobs) for (const name of job.figures.keys()) if (!names.has(key(name))) names.set(key(name), name);
  for (const [base, shown] of names) {
    const values = jobs.flatMap((job) =>
      [...job.figures].filter(([name]) => key(name) === base).map(([, value]) => value),
    );
    console.log(`  ${shown}: ${median(values).toFixed(1)} s`);
  }
}

const { values } = parseArgs({
  options: { attempts: { type: 'string', default: '3' }, vs: { type: 'string' } },
});
const attempts = Number(values.attempts);
const here = fileURLToPath(new URL('..', import.meta.url));
const mine: MainJob[] = [];
const theirs: MainJob[] = [];
for (let attempt = 0; attempt < attempts; attempt++) {
  mine.push(await mainJob(here));
  if (values.vs) theirs.push(await mainJob(values.vs));
}
print(values.vs ? `this checkout, ${here}` : 'npm start', mine);
if (values.vs) print(`the other checkout, ${values.vs}`, theirs);
