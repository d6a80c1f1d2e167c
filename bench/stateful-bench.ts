/**
 * The stateful phase on an independent shortener (test/independent/shortener/document-service.ts): for each
 * sequence-only fault, on how many seeds the default budget finds it and how long the shrunk sequences are; the same
 * service without faults, on how many seeds it passes. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/stateful-bench.ts [seeds with a fault, default 5] [seeds without, default 20]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunSummary } from '../reporting/run-summary.ts';
import { type SequenceFaults, startDocumentShortener } from '../test/independent/shortener/document-service.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const rule = 'shortener.vanity.taken-for-domain';
const [faultSeeds = 5, cleanSeeds = 20] = process.argv.slice(2).map(Number);

/** One run of the rule alone (no late replay: only the stateful phase can find a sequence-only fault). */
function runRule(targets: string, seed: number): Promise<RunSummary> {
  const reports = mkdtempSync(join(tmpdir(), 'harness-bench-'));
  const args = [bin, 'run', '--targets', targets, '--target', 's', '--rule', rule, '--seed', String(seed)];
  return new Promise((resolve) =>
    execFile(process.execPath, [...args, '--runs', '10', '--reports', reports], () =>
      resolve(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary),
    ),
  );
}

async function seedsOf(name: string, faults: SequenceFaults, seeds: number): Promise<void> {
  const service = await startDocumentShortener(faults);
  const targets = join(mkdtempSync(join(tmpdir(), 'harness-bench-')), 'targets.json');
  writeFileSync(
    targets,
    JSON.stringify({ targets: { s: { kind: 'url', families: { shortener: { baseUrl: service.baseUrl } } } } }),
  );
  const found: number[] = [];
  let passed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const [outcome] = (await runRule(targets, seed)).rules;
    if (outcome?.status === 'passed') passed++;
    const length = /The shortest sequence that fails \((\d+) request/.exec(outcome?.message ?? '')?.[1];
    if (outcome?.status === 'failed' && length) found.push(Number(length));
  }
  await service.close();
  const lengths = found.length ? `, shrunk to ${Math.min(...found)}-${Math.max(...found)} requests` : '';
  console.log(`${name}: ${seeds} seeds, ${found.length} found by the stateful phase${lengths}, ${passed} passed`);
}

await seedsOf('a refusal for a field forgets the path taken last', { refusalReleasesLastPath: true }, faultSeeds);
await seedsOf('a path is kept per user', { pathKeptPerUser: true }, faultSeeds);
await seedsOf('no fault', {}, cleanSeeds);
