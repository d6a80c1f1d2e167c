import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './paths.ts';

/**
 * Where the suites' transformed modules are kept between runs (vitest's file-system module cache), so a run
 * transforms only the files that changed since the last: transforming every suite and harness module again cost
 * each run about a quarter of its start-up CPU. Inside node_modules, so a new install starts it afresh (vitest also
 * clears it when the lockfile changes); entries are named by a hash of the file's content and the transform's
 * settings, and written whole or not at all, so runs side by side share it safely. Undefined on an install that
 * cannot be written (a read-only image): each run then transforms its modules itself.
 */
export function moduleCacheFolder(root = packageRoot): string | undefined {
  const modules = join(root, 'node_modules');
  try {
    accessSync(modules, constants.W_OK);
    return join(modules, '.harness-module-cache');
  } catch {
    return undefined;
  }
}
