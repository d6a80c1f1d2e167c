import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../targets/harness-error.ts';

const require = createRequire(import.meta.url);
// The CLI loads the TypeScript config itself (via jiti), so no config file is written anywhere.
const configFile = fileURLToPath(new URL('./allure-config.ts', import.meta.url));

/** Builds the Allure HTML report from a results folder with the `allure` package (Allure 3, no Java), grouped family -> section -> rule. */
export async function buildAllureHtml(resultsDir: string, outputDir: string): Promise<void> {
  if (!existsSync(resultsDir)) {
    throw new HarnessError('REPORT_FAILED', `No Allure results at ${resultsDir}`, 'run `harness run` first');
  }
  // The package exports no package.json; its CLI sits one folder above the main entry (dist/index.js).
  const cli = join(dirname(require.resolve('allure')), '..', 'cli.js');
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [cli, 'generate', resultsDir, '--config', configFile, '--output', outputDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', resolve);
  });
  if (code !== 0) throw new HarnessError('REPORT_FAILED', `allure generate failed (exit ${code}):\n${output.join('').slice(-2000)}`);
}
