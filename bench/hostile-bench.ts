/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * The whole billing suite (default client settings, --runs 5) against each hostile target of the corpus that
 * costs memory or time, through the real CLI; prints the wall time, the exit code and the peak resident memory
 * of the harness's whole process tree (the CLI, its vitest workers and the session broker), sampled every 50 ms.
 * The gzip bomb here is the full-size one: about 1.1 MB inflating to 1.1 GiB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  gzipBomb,
  hostileBehaviours,
  hostileClientId,
  hostileClientSecret,
  startHostileTarget,
} from '../test/support/hostile-target.ts';
import { writeTargets } from '../test/support/run-harness-cli.ts';
import { MB, samplePeakMemory, TREE_BUDGET_BYTES } from '../test/support/tree-memory.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const measured = [
  '1xx responses before the real one',
  'gzip bomb',
  '200 MiB body',
  'endless chunked body',
  'no answer at all',
  'slow body (1 byte/s)',
  'bodies echo the Authorization and the client secret',
];

let worstTree = 0;

const behaviours = hostileBehaviours(await gzipBomb(1100 * 1024 * 1024));
console.log(
  `hostile targets, whole billing suite, --runs 5, default client settings; peak RSS of the harness's main process, its largest other process, and the whole tree:`,
);
for (const name of measured) {
  const target = await startHostileTarget(behaviours[name] as (typeof behaviours)[string]);
  const targets = writeTargets({
    hostile: {
      kind: 'url',
      families: {
        billing: {
          baseUrl: target.baseUrl,
          credentials: { clientId: '${HOSTILE_ID}', clientSecret: '${HOSTILE_SECRET}' },
          tenant: { multiEntity: false, multiOrg: false },
        },
      },
    },
  });
  const reports = mkdtempSync(join(tmpdir(), 'harness-hostile-bench-'));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [bin, 'run', '--targets', targets, '--target', 'hostile', '--seed', '5', '--runs', '5', '--reports', reports],
    {
      stdio: 'ignore',
      env: { ...process.env, HOSTILE_ID: hostileClientId, HOSTILE_SECRET: hostileClientSecret, CI: 'true' },
    },
  );
  const stopSampling = samplePeakMemory(child.pid as number);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const peak = stopSampling();
  await target.close();
  worstTree = Math.max(worstTree, peak.total);
  console.log(
    `  ${name.padEnd(52)} exit ${code}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  main ${MB(peak.root)}  largest worker ${MB(peak.largest)}  tree ${MB(peak.total)}`,
  );
}
console.log(
  `  worst whole-tree peak ${MB(worstTree).trim()}: ${worstTree <= TREE_BUDGET_BYTES ? 'within' : 'OVER'} the ${MB(TREE_BUDGET_BYTES).trim()} budget`,
);
