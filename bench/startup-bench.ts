/*
 * Benchmark, not a test: prints figures, asserts nothing. Start-up costs, each the median of 5:
 * - importing families/index.ts (the registry) through the CLI's TypeScript hooks, in a fresh process (the path
 *   bin/harness.js takes when it cannot use its bundle, bin/cli-bundle.mjs);
 * - a one-rule `harness run` against a URL target (a reference started here): CPU (user + sys of the run and
 *   every process it waited for, from /usr/bin/time) and wall;
 * - `harness reference` from spawn to its "listening" line (it loads no vitest).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shortenerFamily } from '../families/shortener.ts';
import { startReferenceServer } from '../reference/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/harness.js');
const attempts = 5;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
}

function execText(file: string, args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(file, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) =>
      resolve({ stdout, stderr }),
    ),
  );
}

/** Milliseconds to import the registry in a fresh process through the TypeScript hooks (bin/harness.js's fallback). */
async function registryImportMs(): Promise<number> {
  const hooks = JSON.stringify(new URL('../bin/typescript-hooks.mjs', import.meta.url).href);
  const script = `import { register } from 'node:module'; register(${hooks});
    const started = performance.now(); await import(${JSON.stringify(join(root, 'families/index.ts'))});
    console.log(performance.now() - started);`;
  const { stdout } = await execText(process.execPath, ['--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

/** CPU seconds (user + sys, the run and its waited-for children) and wall seconds of one `harness run`. */
async function runCost(args: readonly string[]): Promise<{ cpu: number; wall: number }> {
  const started = performance.now();
  const { stderr } = await execText('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, bin, 'run', ...args]);
  const wall = (performance.now() - started) / 1000;
  const [user, sys] = (stderr.match(/cpu (\S+) (\S+)\s*$/)?.slice(1) ?? ['NaN', 'NaN']).map(Number);
  return { cpu: (user as number) + (sys as number), wall };
}

function referenceReadyMs(): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, 'reference', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('reference target listening')) return;
      resolve(performance.now() - started);
      child.kill('SIGTERM');
    });
  });
}

const imports: number[] = [];
for (let attempt = 0; attempt < attempts; attempt++) imports.push(await registryImportMs());
console.log(
  `import families/index.ts through the TypeScript hooks: ${Math.round(median(imports))} ms (median of ${attempts})`,
);

const reference = await startReferenceServer({ serve: [shortenerFamily] });
const folder = mkdtempSync(join(tmpdir(), 'harness-startup-bench-'));
try {
  const baseUrl = reference.baseUrls.shortener as string;
  const section = shortenerFamily.reference.targetSection(baseUrl, 'default', process.env);
  const targetsFile = join(folder, 'targets.json');
  writeFileSync(
    targetsFile,
    JSON.stringify({ targets: { bench: { kind: 'url', families: { shortener: section } } } }, null, 2),
  );
  const rule = shortenerFamily.rules[0]?.id as string;
  const args = ['--targets', targetsFile, '--target', 'bench', '--rule', rule, '--runs', '5'];
  const costs: { cpu: number; wall: number }[] = [];
  for (let attempt = 0; attempt < attempts; attempt++)
    costs.push(await runCost([...args, '--reports', join(folder, `reports-${attempt}`)]));
  console.log(
    `harness run --rule ${rule} (url target): ${median(costs.map((cost) => cost.cpu)).toFixed(2)} s CPU, ${median(costs.map((cost) => cost.wall)).toFixed(2)} s wall (medians of ${attempts})`,
  );
} finally {
  await reference.close();
  rmSync(folder, { recursive: true, force: true });
}

const ready: number[] = [];
for (let attempt = 0; attempt < attempts; attempt++) ready.push(await referenceReadyMs());
console.log(
  `harness reference: ready ${Math.round(median(ready))} ms after spawn (median of ${attempts}; fastest ${Math.round(Math.min(...ready))} ms)`,
);
