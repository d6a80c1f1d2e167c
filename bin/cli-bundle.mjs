// The CLI's own modules bundled by rolldown (vite's own bundler), kept in node_modules/.harness-module-cache/cli-bundle and rebuilt when one
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
import { isAbsolute, join, relative } from 'node:path';
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

/** rolldown plugin: `import.meta.url` in each TypeScript file is that file's own URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  transform: {
    filter: { id: /\.ts$/ },
    // Lines stay where they were, so the source's own map holds (map: null).
    handler: (code, id) => ({
      code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href)),
      map: null,
    }),
  },
};

/** A package or a Node builtin: left to node_modules and Node, as `import` finds them. */
const isPackage = (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0');

/** Bundles `entry` into a fresh folder of the cache and makes it current; returns the bundle's entry file. */
async function buildBundle(cacheFolder, root, entry, settings) {
  const { build } = await import('rolldown');
  const startedAt = Date.now();
  const folder = `${startedAt}-${process.pid}`;
  const result = await build({
    input: { main: join(root, entry) },
    cwd: root,
    platform: 'node',
    external: isPackage,
    plugins: [ownImportMetaUrl],
    logLevel: 'silent',
    transform: { target: 'node20' },
    output: {
      dir: join(cacheFolder, folder),
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      // Stack traces name the .ts lines (bin/harness.js enables source maps).
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
  });
  const inputs = {};
  const modules = result.output.flatMap((output) => (output.type === 'chunk' ? output.moduleIds : []));
  for (const id of new Set(modules)) {
    if (!isAbsolute(id)) continue;
    const stat = statSync(id);
    // Changed while it was bundled: this bundle may hold the old text, so it is used by no one. (A time in the future
    // is a clock's, not an edit's.)
    if (stat.mtimeMs >= startedAt && stat.mtimeMs <= Date.now()) return undefined;
    inputs[relative(root, id)] = signature(stat);
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
  const { version } = createRequire(import.meta.url)('rolldown/package.json');
  const settings = `${entry} rolldown ${version} node ${process.versions.node}`;
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
