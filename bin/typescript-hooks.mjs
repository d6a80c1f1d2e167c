// Module hooks that let Node load the harness's TypeScript files (registered by bin/harness.js). Only a load hook:
// every relative import in the harness names its file with its .ts extension (tsconfig: NodeNext,
// allowImportingTsExtensions), so Node's own resolver finds them, and no import pays for a resolve hook. A .ts file
// is turned into JavaScript by oxc, through rolldown (vite's own bundler; types stripped, nothing else changed; a source map inline, so stack traces
// name the .ts lines) and the output kept in node_modules/.harness-module-cache/typescript, named by a digest of the
// file and the transform: a run transforms only what changed since the last. Everything else goes to Node as is.
//
// Why not tsx's loader (which the CLI used before): its resolve hook ran for every import of every package, and with
// its cache it cost a one-rule run about 0.3 s more CPU in the CLI process and again in each reference it starts.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { transformSync } from 'rolldown/utils';

const options = { lang: 'ts', target: 'node20', sourcemap: true };
const { version } = createRequire(import.meta.url)('rolldown/package.json');
const cacheFolder = fileURLToPath(new URL('../node_modules/.harness-module-cache/typescript/', import.meta.url));
const settingsDigest = createHash('sha256').update(JSON.stringify({ version, options })).digest('hex');
/** False once the cache folder could not be written (a read-only install): each run then transforms its files. */
let cacheWritable = true;

function transformed(path) {
  const source = readFileSync(path, 'utf8');
  const name = createHash('sha256').update(settingsDigest).update(path).update(source).digest('hex');
  const cached = `${cacheFolder}${name}.mjs`;
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // Not transformed yet: below.
  }
  const { code, map, errors } = transformSync(path, source, options);
  if (errors.length) throw new SyntaxError(`${path}: ${errors.map((error) => error.message).join('; ')}`);
  // The map inline, without the sources (stack traces read the .ts lines from the files themselves).
  const inlineMap = Buffer.from(JSON.stringify({ ...map, sourcesContent: undefined })).toString('base64');
  const withMap = `${code}\n//# sourceMappingURL=data:application/json;base64,${inlineMap}\n`;
  if (cacheWritable) {
    try {
      mkdirSync(cacheFolder, { recursive: true });
      // Written whole or not at all: processes side by side share the folder.
      const partial = `${cached}.${process.pid}.partial`;
      writeFileSync(partial, withMap);
      renameSync(partial, cached);
    } catch {
      cacheWritable = false;
    }
  }
  return withMap;
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  return { format: 'module', source: transformed(fileURLToPath(url)), shortCircuit: true };
}
