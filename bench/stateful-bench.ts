/**
 * The stateful phase on the independent services (test/independent/<family>/sequence-fault-cases.ts): for each
 * sequence-only fault, on how many seeds the default budget finds it under the rule that states it and how long the
 * shrunk sequences are; the same services without faults, and their variants making the other allowed choices, on how
 * many seeds those rules pass. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/stateful-bench.ts [seeds with a fault, default 5] [seeds without, default 20] [family...]
 *   (HARNESS_BENCH_VARIANTS_ONLY=1: of the services without faults, only the variants)
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunSummary } from '../reporting/run-summary.ts';
import { agenticSequenceFaults } from '../test/independent/agentic/sequence-fault-cases.ts';
import { billingSequenceFaults } from '../test/independent/billing/sequence-fault-cases.ts';
import { cardsSequenceFaults } from '../test/independent/cards/sequence-fault-cases.ts';
import { loyaltySequenceFaults } from '../test/independent/loyalty/sequence-fault-cases.ts';
import type { FaultyService, SequenceFaultFamily } from '../test/independent/sequence-faults.ts';
import { shortenerSequenceFaults } from '../test/independent/shortener/sequence-fault-cases.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const [faultSeeds = 5, cleanSeeds = 20] = process.argv.slice(2, 4).map(Number);
const only = process.argv.slice(4);
/** HARNESS_BENCH_VARIANTS_ONLY=1: of the services without faults, only the variants making the other choices. */
const variantsOnly = process.env.HARNESS_BENCH_VARIANTS_ONLY === '1';
const families: SequenceFaultFamily<object>[] = [
  billingSequenceFaults,
  cardsSequenceFaults,
  loyaltySequenceFaults,
  shortenerSequenceFaults,
  agenticSequenceFaults,
];

/** One run of one rule alone (no late replay: only the stateful phase can find a sequence-only fault). */
function runRule(service: FaultyService, ruleId: string, seed: number): Promise<RunSummary | undefined> {
  const folder = mkdtempSync(join(tmpdir(), 'harness-bench-'));
  const targets = join(folder, 'targets.json');
  writeFileSync(targets, JSON.stringify({ targets: { s: service.entry } }));
  const args = [bin, 'run', '--targets', targets, '--target', 's', '--rule', ruleId, '--seed', String(seed)];
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [...args, '--runs', '10', '--reports', folder],
      { env: { ...process.env, ...service.env } },
      (error, _stdout, stderr) => {
        const summary = join(folder, 'summary.json');
        if (existsSync(summary)) return resolve(JSON.parse(readFileSync(summary, 'utf8')) as RunSummary);
        console.log(`  seed ${seed}: no verdict (${error?.code ?? 'exit'}): ${stderr.trim().split('\n')[0] ?? ''}`);
        resolve(undefined);
      },
    ),
  );
}

/** Each seed on a service of its own (a run leaves state behind: an unenrolled account, taken paths, used ids). */
async function seedsOf(
  name: string,
  ruleId: string,
  start: () => Promise<FaultyService>,
  seeds: number,
): Promise<void> {
  const found: number[] = [];
  let passed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const service = await start();
    const [outcome] = (await runRule(service, ruleId, seed))?.rules ?? [];
    await service.close();
    if (outcome?.status === 'passed') passed++;
    const length = /The shortest sequence that fails \((\d+) request/.exec(outcome?.message ?? '')?.[1];
    if (outcome?.status === 'failed' && length) found.push(Number(length));
  }
  const lengths = found.length ? `, shrunk to ${Math.min(...found)}-${Math.max(...found)} requests` : '';
  console.log(
    `${name} (${ruleId}): ${seeds} seeds, ${found.length} found by the stateful phase${lengths}, ${passed} passed`,
  );
}

for (const family of families.filter((candidate) => only.length === 0 || only.includes(candidate.family))) {
  for (const fault of family.cases)
    await seedsOf(`${family.family}: ${fault.name}`, fault.ruleId, () => family.start(fault.faults), faultSeeds);
  for (const ruleId of [...new Set(family.cases.map((fault) => fault.ruleId))].sort()) {
    if (!variantsOnly) await seedsOf(`${family.family}: no fault`, ruleId, () => family.start({}), cleanSeeds);
    for (const variant of family.variants ?? [])
      await seedsOf(`${family.family}: no fault, ${variant.name}`, ruleId, () => variant.start(), cleanSeeds);
  }
}
