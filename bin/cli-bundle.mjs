// The CLI's own modules bundled by esbuild, kept in node_modules/.harness-module-cache/cli-bundle and rebuilt when one
// of them changes (bin/harness.js imports the bundle when it can). Loading some 470 modules one by one through the
// TypeScript hooks cost every harness process about 0.7 s of CPU (a one-rule run about a quarter of its CPU), and
// the self-tests start a few hundred of them; a bundle loads in a fraction of that and needs no hooks at all.
//
// The bundle is ES modules split into chunks, so a command loads only what it imports (vitest only for run and
// mutants, the Allure generator only with --html); packages stay in node_modules. Each module's import.meta.url is
// its own source file's, as if it were loaded from there: paths made from it (suites, schemas, the bin) hold.
// Whether a bundle is current is judged by the size and modification time of every file it was made from, a few
// milliseconds of stat calls. One process builds at a time (a lock folder); the others, and any install where the
// cache cannot be written, load the source through the hooks as before.
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A lock left behind this long ago is a builder that died: taken over. */
const staleLockMs = 60_000;
/** Bundles replaced this long ago are removed (a process that loaded one long ago may still import its chunks). */
const oldBundleMs = 24 * 60 * 60 * 1000;

const signature = (stat) => [stat.size, stat.mtimeMs];

/** The bundle the manifest describes, when every file it was made from is unchanged; else undefined. */
function currentBundle(cacheFolder, root, settings) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(cacheFolder, 'current.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (manifest.settings !== settings) return undefined;
  for (const [file, [size, mtimeMs]] of Object.entries(manifest.inputs)) {
    try {
      const [nowSize, nowMtimeMs] = signature(statSync(join(root, file)));
      if (nowSize !== size || nowMtimeMs !== mtimeMs) return undefined;
    } catch {
      return undefined;
    }
  }
  return join(cacheFolder, manifest.folder, manifest.entry);
}

/** The lock folder made, or taken over from a builder that died; false while another process builds. */
function lock(folder) {
  try {
    mkdirSync(folder);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  if (Date.now() - statSync(folder).mtimeMs < staleLockMs) return false;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  return true;
}

/** esbuild plugin: `import.meta.url` in each TypeScript file is that file's own URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/** Bundles `entry` into a fresh folder of the cache and makes it current; returns the bundle's entry file. */
async function buildBundle(cacheFolder, root, entry, settings) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const folder = `${startedAt}-${process.pid}`;
  const result = await build({
    entryPoints: { main: join(root, entry) },
    absWorkingDir: root,
    outdir: join(cacheFolder, folder),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    // Stack traces name the .ts lines (bin/harness.js enables source maps).
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    plugins: [ownImportMetaUrl],
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const stat = statSync(join(root, file));
    // Changed while it was bundled: this bundle may hold the old text, so it is used by no one. (A time in the future
    // is a clock's, not an edit's.)
    if (stat.mtimeMs >= startedAt && stat.mtimeMs <= Date.now()) return undefined;
    inputs[file] = signature(stat);
  }
  const manifest = join(cacheFolder, `current.json.${process.pid}.partial`);
  writeFileSync(manifest, JSON.stringify({ settings, folder, entry: 'main.mjs', inputs }));
  renameSync(manifest, join(cacheFolder, 'current.json'));
  removeOldBundles(cacheFolder, folder);
  return join(cacheFolder, folder, 'main.mjs');
}

function removeOldBundles(cacheFolder, current) {
  for (const name of readdirSync(cacheFolder)) {
    const path = join(cacheFolder, name);
    if (name === current || !/^\d+-\d+$/.test(name)) continue;
    if (Date.now() - statSync(path).mtimeMs > oldBundleMs) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The URL of `entry` (a path under `root`) bundled and current, building it when needed; undefined when this process
 * should load the source through the hooks instead (the cache cannot be written, or another process is building).
 */
export async function bundledEntry(root, entry) {
  const { version } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'));
  const settings = `${entry} esbuild ${version} node ${process.versions.node}`;
  const cacheFolder = join(root, 'node_modules', '.harness-module-cache', 'cli-bundle');
  const current = currentBundle(cacheFolder, root, settings);
  if (current) return pathToFileURL(current).href;
  const lockFolder = join(cacheFolder, 'building.lock');
  try {
    mkdirSync(cacheFolder, { recursive: true });
    if (!lock(lockFolder)) return undefined;
  } catch {
    return undefined;
  }
  try {
    const built = await buildBundle(cacheFolder, root, entry, settings);
    return built && pathToFileURL(built).href;
  } catch {
    return undefined;
  } finally {
    rmSync(lockFolder, { recursive: true, force: true });
  }
}
