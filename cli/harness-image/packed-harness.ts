/**
 * The harness as a team gets it: `npm pack` of this checkout (package.json "files" decides what goes in), installed
 * as a dependency of a project. The harness image is built from it (build-harness-image.ts) and the self-test of the
 * packaged install (test/cli/packaged-install.test.ts) installs it the same way.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { packageRoot } from '../../run/paths.ts';

/** The package's name (what a team's package.json lists and the install folder under node_modules is called). */
export const packageName = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { name: string })
  .name;

/**
 * An environment for npm outside this checkout: without the npm_* settings of an npm that started this process (npm
 * run, npm test) and without this checkout's node_modules/.bin on the PATH.
 */
export function outsideEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const outside = Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
  outside.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => !folder.startsWith(packageRoot))
    .join(delimiter);
  return outside;
}

/** npm's output, or its failure with what it printed. */
function npm(args: readonly string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      args,
      { cwd, env: outsideEnv(), timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`npm ${args[0]} failed: ${stderr.trim()}`)) : resolve({ stdout, stderr }),
    );
  });
}

/** `npm pack` of this checkout into a fresh folder of the OS temp dir; the tarball's path (the caller removes it). */
export async function packHarness(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'harness-pack-'));
  await npm(['pack', '--pack-destination', folder, '--silent'], packageRoot);
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball in ${folder}`);
  return join(folder, tarball);
}

/**
 * Installs a packed harness into `project` (a package.json written when it has none: a new team's, with no
 * allowScripts of its own), from npm's cache where it can; `dev` saves it as a dev dependency, as a team does, else
 * as a dependency with no dev dependencies (an image). Returns what npm printed on stderr (its warnings).
 */
export async function installPackedHarness(tarball: string, project: string, dev: boolean): Promise<string> {
  mkdirSync(project, { recursive: true });
  if (!readdirSync(project).includes('package.json')) {
    const manifest = { name: 'harness-user', version: '1.0.0', private: true };
    writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  const save = dev ? ['--save-dev'] : ['--omit=dev'];
  const { stderr } = await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', ...save, tarball], project);
  return stderr;
}
