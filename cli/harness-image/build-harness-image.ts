/**
 * Builds a container image of the harness itself from this machine's own files, with no registry but npm's, the way
 * the reference's image is built (reference/image/build-image.ts): the package a team installs (`npm pack` of this
 * checkout, installed into /app as a dependency, as packed-harness.ts installs it for the packaged-install test; no
 * tests, benches, examples or dev dependencies), this Node binary and the shared libraries it and the native addons
 * link, turned into an image by `docker import`. The CLI in it runs every command (`run`, `load nightly`, `load
 * merge`, ...) the way bin/harness.js does from node_modules (bundled on first use, else through its TypeScript
 * hooks); mount the targets file and the reports folder at /work.
 * `npm run image:harness [-- --tag NAME]`; needs the docker CLI and an engine. An image of the same package and
 * Node version is left as it is.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
import { harnessImage } from './harness-image.ts';
import { installPackedHarness, packageName, packHarness } from './packed-harness.ts';

export async function buildHarnessImage(
  tag: string = harnessImage.tag,
  log: (line: string) => void = console.log,
): Promise<void> {
  if (!harnessImage.entrypoint[1].includes(`/node_modules/${packageName}/`))
    throw new Error(`the image's entrypoint (harness-image.ts) is not in the package ${packageName}`);
  const tarball = await packHarness();
  try {
    const content = contentDigest(tarball);
    if (labelOf(tag, contentLabel) === content) {
      log(`image ${tag} is up to date (same package, node ${process.version})`);
      return;
    }
    const rootfs = mkdtempSync(join(tmpdir(), 'harness-image-rootfs-'));
    try {
      await installPackedHarness(tarball, join(rootfs, harnessImage.appFolder), false);
      copyNodeWithLibraries(rootfs);
      // Native addons (vite's bundler for `run`) link libraries Node itself does not.
      for (const addon of nativeAddons(join(rootfs, harnessImage.appFolder, 'node_modules')))
        copyLibrariesOf(rootfs, addon);
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
        `image ${tag} built (node ${process.version}, from ${tarball}, entrypoint: ${harnessImage.entrypoint.join(' ')})`,
      );
    } finally {
      rmSync(rootfs, { recursive: true, force: true });
    }
  } finally {
    rmSync(dirname(tarball), { recursive: true, force: true });
  }
}

/** The packed package and the Node version: what decides whether an image is current. */
function contentDigest(tarball: string): string {
  // npm pack writes fixed times into the tarball: the same files give the same bytes. This recipe is in the package.
  return createHash('sha256').update(process.version).update(readFileSync(tarball)).digest('hex').slice(0, 32);
}

/** The native addons (*.node) below a node_modules folder. */
function nativeAddons(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const { values } = parseArgs({ options: { tag: { type: 'string', default: harnessImage.tag } } });
  await buildHarnessImage(values.tag);
}
