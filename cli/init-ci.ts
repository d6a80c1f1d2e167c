import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HarnessError } from '../core/harness-error.ts';
import { packageRoot } from '../run/paths.ts';

/*
 * `harness init --ci github`: the worked CI example (examples/ci-gate, kept true by its self-test) written into the
 * team's repository: the workflow where GitHub reads workflows, the CI targets file where the workflow names it. A
 * file already there is left as it is: the command refuses, naming it.
 */

/** What `--ci` can write, and where in the repository each file goes. */
const ciExamples = {
  github: [
    { from: 'examples/ci-gate/github-actions.yml', to: '.github/workflows/api-conformance.yml' },
    { from: 'examples/ci-gate/targets.json', to: 'ci/targets.json' },
  ],
} as const;

export type CiProvider = keyof typeof ciExamples;

export function isCiProvider(name: string): name is CiProvider {
  return name in ciExamples;
}

/** Writes the provider's files under `repository`; returns their paths. */
export function writeCiExample(provider: CiProvider, repository: string): string[] {
  const files = ciExamples[provider].map((file) => ({
    from: join(packageRoot, file.from),
    to: resolve(repository, file.to),
  }));
  const there = files.filter((file) => existsSync(file.to));
  if (there.length)
    throw new HarnessError(
      'USAGE',
      `${there.map((file) => file.to).join(' and ')} already there: init --ci writes only new files`,
      'move or remove them first, or copy from node_modules/api-conformance-harness/examples/ci-gate by hand',
    );
  for (const file of files) {
    mkdirSync(dirname(file.to), { recursive: true });
    copyFileSync(file.from, file.to);
  }
  return files.map((file) => file.to);
}
