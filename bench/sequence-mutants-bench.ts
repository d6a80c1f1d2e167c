/**
 * The reference's sequence-only mutants (every family's inventory of stateful sentences, docs/coverage.md): for each,
 * whether its rule passes with the planned probes alone (`--sequences 0`), and on how many of the seeds the default
 * sequence budget kills it, with the shrunk sequence's length per seed. Each run is its own process against the
 * bundled reference started with the mutant, in a fresh reports folder (no kept counterexample carries over). Prints
 * figures; asserts nothing.
 *
 *   node --import tsx bench/sequence-mutants-bench.ts [seeds, default 5] [family...]
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureReferenceCredentials } from '../run/target-stage.ts';
import { builtInFamilies } from '../families/index.ts';
import type { RunSummary } from '../reporting/run-summary.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const bundled = JSON.parse(readFileSync(new URL('../targets.json', import.meta.url), 'utf8'));
const [seedCount = 5] = process.argv.slice(2, 3).map(Number);
const only = process.argv.slice(3);
const env = { ...process.env };
ensureReferenceCredentials(env);

/** One run of the rule on the reference with the mutant; its outcome and the shrunk sequence's length. */
function runRule(mutant: string, family: string, ruleId: string, extra: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'harness-bench-seq-'));
  const reference = bundled.targets.reference;
  const targets = join(folder, 'targets.json');
  const entry = { ...reference, command: [...reference.command, '--mutant', mutant] };
  writeFileSync(targets, JSON.stringify({ targets: { mutant: entry } }));
  const args = [bin, 'run', '--targets', targets, '--target', 'mutant', '--suite', family, '--rule', ruleId];
  return new Promise<{ status: string; steps?: number }>((resolve) =>
    execFile(
      process.execPath,
      [...args, '--runs', '20', ...extra, '--reports', folder],
      { env },
      (_error, _out, stderr) => {
        const file = join(folder, 'summary.json');
        if (!existsSync(file)) return resolve({ status: `no verdict (${stderr.trim().split('\n')[0]})` });
        const [rule] = (JSON.parse(readFileSync(file, 'utf8')) as RunSummary).rules;
        const steps = /The shortest sequence that fails \((\d+) request/.exec(rule?.message ?? '')?.[1];
        resolve({ status: rule?.status ?? 'none', ...(steps ? { steps: Number(steps) } : {}) });
      },
    ),
  );
}

for (const family of builtInFamilies.filter((one) => only.length === 0 || only.includes(one.name))) {
  const inventory = family.statefulSentences;
  if (!inventory || 'none' in inventory) continue;
  for (const sentence of inventory)
    for (const mutant of sentence.mutants) {
      const planned = await runRule(mutant, family.name, sentence.ruleId, ['--sequences', '0']);
      const seeds = [];
      for (let seed = 1; seed <= seedCount; seed += 1)
        seeds.push(await runRule(mutant, family.name, sentence.ruleId, ['--seed', String(seed)]));
      const killed = seeds.filter((one) => one.status === 'failed').length;
      const steps = seeds.map((one) => one.steps ?? '-').join(' ');
      console.log(
        `${family.name.padEnd(10)} ${mutant.padEnd(44)} planned probes: ${planned.status.padEnd(7)} killed on ${killed} of ${seedCount} seeds, shrunk steps ${steps}`,
      );
    }
}
