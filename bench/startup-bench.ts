/*
 * Benchmark, not a test: prints figures, asserts nothing.
 * How long `harness reference` takes from spawn to its "listening" line (it loads no vitest), median of 5.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));

function readyMs(): Promise<number> {
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

const times: number[] = [];
for (let attempt = 0; attempt < 5; attempt++) times.push(await readyMs());
times.sort((a, b) => a - b);
console.log(
  `harness reference: ready ${Math.round(times[2] as number)} ms after spawn (median of 5; fastest ${Math.round(times[0] as number)} ms)`,
);
