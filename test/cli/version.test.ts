import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { runCli } from '../support/run-harness-cli.ts';

test('harness --version prints the package name and version and the Node.js it runs on, exit 0', async () => {
  const { name, version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  const result = await runCli(['--version']);
  expect(result.code).toBe(0);
  expect(result.stdout.trim()).toBe(`${name} ${version} (Node.js ${process.versions.node})`);
});
