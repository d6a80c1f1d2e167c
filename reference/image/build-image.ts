/**
 * Builds a container image of the bundled reference target from this machine's own files, with no registry:
 * the harness's CLI bundled by esbuild, this Node binary and the shared libraries it links, turned into an
 * image by `docker import`. `npm run image:reference [-- --tag NAME]`; needs the docker CLI and an engine. An
 * image of the same code and Node version is left as it is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { referenceImage } from './reference-image.ts';

/** Packages only the commands that never run in the image use: left out of the bundle. */
const notInImage = [
  'vitest',
  'vitest/*',
  'allure',
  'allure-*',
  'testcontainers',
  'autocannon',
  'tsx',
  'tsx/*',
  'fast-xml-parser',
  'esbuild',
];

/** Image label holding a digest of the bundled code and the Node version: an image that has it is current. */
export const contentLabel = 'harness.content';

export async function buildReferenceImage(
  tag: string = referenceImage.tag,
  log: (line: string) => void = console.log,
): Promise<void> {
  const rootfs = mkdtempSync(join(tmpdir(), 'harness-reference-rootfs-'));
  try {
    const app = join(rootfs, 'app');
    await bundleCli(app);
    const content = contentDigest(app);
    if (labelOf(tag, contentLabel) === content) {
      log(`image ${tag} is up to date (same code, node ${process.version})`);
      return;
    }
    copyNodeWithLibraries(rootfs);
    mkdirSync(join(rootfs, 'tmp'), { mode: 0o1777 });
    await importRootfs(rootfs, tag, [
      `ENTRYPOINT ${JSON.stringify(referenceImage.entrypoint)}`,
      `CMD ${JSON.stringify(referenceImage.defaultCommand)}`,
      'WORKDIR /app',
      `LABEL ${contentLabel}=${content}`,
    ]);
    log(`image ${tag} built (node ${process.version}, entrypoint: ${referenceImage.entrypoint.join(' ')})`);
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

async function bundleCli(outdir: string): Promise<void> {
  await build({
    // Bundled as entry.mjs, the image's entrypoint (reference-image.ts).
    entryPoints: { entry: new URL('../../cli/image-entry.ts', import.meta.url).pathname },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    outExtension: { '.js': '.mjs' },
    external: notInImage,
    // CommonJS dependencies bundled into ES modules still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

function contentDigest(app: string): string {
  const hash = createHash('sha256').update(process.version);
  for (const file of readdirSync(app).sort()) hash.update(file).update(readFileSync(join(app, file)));
  return hash.digest('hex').slice(0, 32);
}

/** A label of a local image, or undefined when the image (or the label) is not there. */
export function labelOf(tag: string, label: string): string | undefined {
  const inspected = spawnSync(
    'docker',
    ['image', 'inspect', '--format', `{{ index .Config.Labels "${label}" }}`, tag],
    { encoding: 'utf8' },
  );
  return inspected.status === 0 ? inspected.stdout.trim() : undefined;
}

/** This Node binary at /usr/local/bin/node, with every shared library `ldd` names at its own path. */
export function copyNodeWithLibraries(rootfs: string): void {
  copyLibrariesOf(rootfs, process.execPath);
  copyInto(rootfs, process.execPath, '/usr/local/bin/node');
}

/** Every shared library `ldd` names for a binary (a native addon too), at its own path and its real one. */
export function copyLibrariesOf(rootfs: string, binary: string): void {
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (ldd.status !== 0) throw new Error(`ldd ${binary} failed: ${ldd.stderr.trim()}`);
  const libraries = [...ldd.stdout.matchAll(/(\/\S+) \(0x/g)].map((match) => match[1] as string);
  for (const file of [...libraries, ...libraries.map(realPathOf)]) copyInto(rootfs, file, file);
}

function realPathOf(file: string): string {
  return spawnSync('readlink', ['-f', file], { encoding: 'utf8' }).stdout.trim() || file;
}

function copyInto(rootfs: string, from: string, to: string): void {
  const target = join(rootfs, to);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(from, target);
}

/**
 * `tar` of the root filesystem piped into `docker import` with Dockerfile-like changes (entrypoint, default
 * command, labels). Symbolic links are followed (`tar -h`): a folder linked in (node_modules) goes in as files.
 */
export function importRootfs(rootfs: string, tag: string, changes: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // This machine's cache of transformed modules (run/module-cache.ts) is no part of an image.
    const tar = spawn('tar', ['-C', rootfs, '-h', '--exclude=.harness-module-cache', '-c', '.'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const docker = spawn('docker', ['import', ...changes.flatMap((change) => ['--change', change]), '-', tag], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    docker.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    tar.stdout.pipe(docker.stdin);
    docker.once('error', (error) =>
      reject(new Error(`docker import could not start: ${error.message} (is the docker CLI installed?)`)),
    );
    docker.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`docker import failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const { values } = parseArgs({ options: { tag: { type: 'string', default: referenceImage.tag } } });
  await buildReferenceImage(values.tag);
}
