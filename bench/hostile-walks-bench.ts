/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * The hostile targets of the walking and signing families (cdr and cards links off the target, loops, endless
 * walks, a 50 MB page, JSON nested a million levels, a 10 MB cursor token, an exchange answering after 30 s, a
 * JWE partner with an endless body; issue 30's corpus: loops through fresh URLs, empty pages that promise more,
 * a growing page count, endless walks stopped at their bounds, slow pages, a 10 MB gzip-encoded token) are run
 * through the real CLI by their self-tests; each CLI run's whole process tree is sampled every 50 ms
 * (HARNESS_MEMORY_LOG), and the peaks are printed per mode against the 512 MB budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MB, TREE_BUDGET_BYTES, type TreeMemory } from '../test/support/tree-memory.ts';

const files = [
  'test/cli/hostile-cdr.test.ts',
  'test/cli/hostile-cardnet.test.ts',
  'test/cli/hostile-exchange-custody.test.ts',
  'test/cli/hostile-walks.test.ts',
];

const log = join(mkdtempSync(join(tmpdir(), 'harness-hostile-walks-')), 'memory.jsonl');
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, HARNESS_MEMORY_LOG: log, CI: 'true' },
});
const runs = existsSync(log)
  ? readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { args: string[]; label?: string; code: number; seconds: number; peak: TreeMemory },
      )
  : [];
console.log(
  `hostile walking and signing targets (${files.join(', ')}; their tests ${vitest.status === 0 ? 'passed' : 'FAILED'}), each CLI run's peak RSS:`,
);
let worst = 0;
for (const run of runs) {
  const target = run.args[run.args.indexOf('--target') + 1] ?? '?';
  const suite = run.args.includes('--suite') ? (run.args[run.args.indexOf('--suite') + 1] ?? '') : '';
  worst = Math.max(worst, run.peak.total);
  console.log(
    `  ${(run.label ?? `${target} ${suite}`).padEnd(44)} exit ${run.code}  ${run.seconds.toFixed(1).padStart(6)} s  main ${MB(run.peak.root)}  largest worker ${MB(run.peak.largest)}  tree ${MB(run.peak.total)}`,
  );
}
console.log(
  `  worst whole-tree peak of the new hostile targets ${MB(worst).trim()}: ${worst <= TREE_BUDGET_BYTES ? 'within' : 'OVER'} the ${MB(TREE_BUDGET_BYTES).trim()} budget (${runs.length} runs)`,
);
