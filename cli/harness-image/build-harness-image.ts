/**
 * Builds a container image of the harness itself from this machine's own files, with no registry, the way the
 * reference's image is built (reference/image/build-image.ts): the project's source files (no tests, benches or
 * examples), its node_modules as installed, this Node binary and the shared libraries it links, turned into an
 * image by `docker import`. The CLI in it runs every command (`run`, `load nightly`, `load merge`, ...) the way
 * bin/harness.js does here (bundled on first use, else through its TypeScript hooks); mount the targets file and
 * the reports folder at /work.
 * `npm run image:harness [-- --tag NAME]`; needs the docker CLI and an engine. An image of the same files,
 * lockfile and Node version is left as it is.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  contentLabel,
  copyLibrariesOf,
  copyNodeWithLibraries,
  importRootfs,
  labelOf,
} from '../../reference/image/build-image.ts';
import { packageRoot } from '../paths.ts';
import { harnessImage } from './harness-image.ts';

/** Folders of the checkout the image never needs: self-tests, benchmarks, CI and examples. */
const leftOut = /^(test|bench|examples|docs|reports|\.ci)\//;

export async function buildHarnessImage(
  tag: string = harnessImage.tag,
  log: (line: string) => void = console.log,
): Promise<void> {
  const files = sourceFiles();
  const content = contentDigest(files);
  if (labelOf(tag, contentLabel) === content) {
    log(`image ${tag} is up to date (same files, node ${process.version})`);
    return;
  }
  const rootfs = mkdtempSync(join(tmpdir(), 'harness-image-rootfs-'));
  try {
    for (const file of files) copyInto(join(packageRoot, file), join(rootfs, 'app', file));
    // Linked, and followed by tar: no copy of a few hundred megabytes on this machine first.
    const modules = realpathSync(join(packageRoot, 'node_modules'));
    symlinkSync(modules, join(rootfs, 'app', 'node_modules'));
    copyNodeWithLibraries(rootfs);
    // Native addons (vite's bundler for `run`) link libraries Node itself does not.
    for (const addon of nativeAddons(modules)) copyLibrariesOf(rootfs, addon);
    mkdirSync(join(rootfs, 'tmp'), { mode: 0o1777 });
    mkdirSync(join(rootfs, harnessImage.workdir.slice(1)), { recursive: true });
    await importRootfs(rootfs, tag, [
      `ENTRYPOINT ${JSON.stringify(harnessImage.entrypoint)}`,
      `CMD ${JSON.stringify(harnessImage.defaultCommand)}`,
      `WORKDIR ${harnessImage.workdir}`,
      // Tools that keep a cache under $HOME (vite) find a writable one.
      'ENV HOME=/tmp',
      `LABEL ${contentLabel}=${content}`,
    ]);
    log(
      `image ${tag} built (node ${process.version}, ${files.length} files, entrypoint: ${harnessImage.entrypoint.join(' ')})`,
    );
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/** The checkout's files (tracked, and new ones not ignored), relative, without the folders left out. */
function sourceFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${packageRoot}: ${listed.stderr.trim()}`);
  return listed.stdout
    .split('\0')
    .filter((file) => file && !leftOut.test(file) && file !== 'node_modules')
    .sort();
}

/** Files, lockfile (in the files) and Node version: what decides whether an image is current. */
function contentDigest(files: readonly string[]): string {
  // This file is among them: a change of the recipe rebuilds the image too.
  const hash = createHash('sha256').update(process.version);
  for (const file of files) {
    hash.update(file);
    try {
      hash.update(readFileSync(join(packageRoot, file)));
    } catch {
      // Listed but deleted in the work tree: it is not copied either.
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/** The native addons (*.node) below a node_modules folder. */
function nativeAddons(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    copyFileSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const { values } = parseArgs({ options: { tag: { type: 'string', default: harnessImage.tag } } });
  await buildHarnessImage(values.tag);
}
