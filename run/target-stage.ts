import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { families } from '../families/index.ts';
import { resolveTarget } from '../families/resolve-target.ts';
import { portInUse } from '../targets/free-port.ts';
import { launchTarget } from '../targets/launch-target.ts';
import type { LaunchedTarget } from '../targets/launched-target.ts';
import { type ResolvedTarget, readTargetsFile, type TargetsFileContents } from '../targets/load-targets.ts';
import { packageRoot } from './paths.ts';

/*
 * A command's target in one stage, in stage order: the targets file read (syntax and shape), the bundled file's
 * reference credentials filled where unset, then the chosen entry's placeholders filled and the entry resolved
 * against the registered families' schema. Every command that reaches a target starts here, once.
 */

/** The targets file, the chosen entry resolved, and the families whose variables counted. */
export interface LoadedTarget {
  file: TargetsFileContents;
  target: ResolvedTarget;
  onlyFamilies?: readonly string[];
}

/** The targets file and the chosen entry, resolved (`onlyFamilies`: a run's --suite, so only their variables count). */
export async function loadTarget(
  targetsFile: string,
  target: string | undefined,
  onlyFamilies?: readonly string[],
): Promise<LoadedTarget> {
  const file = readTargetsFile(targetsFile);
  ensureBundledReferenceCredentials(process.env, file);
  return {
    file,
    target: await resolveTarget(file, target, process.env, onlyFamilies),
    ...(onlyFamilies ? { onlyFamilies } : {}),
  };
}

/** Starts in all, when each start before found the port chosen for {port} taken. */
const startsOnAnotherPort = 3;

/**
 * Starts the loaded target. Between choosing a free port for {port} and the target listening on it, another process
 * may take it (a busy machine opens thousands of connections): a start that failed that way is not the target's
 * failure, so the entry is resolved again with another free port and started again.
 */
export async function launchLoaded(
  loaded: LoadedTarget,
  abort?: AbortSignal,
): Promise<{ target: ResolvedTarget; launched: LaunchedTarget }> {
  let { target } = loaded;
  for (let start = 1; ; start++) {
    try {
      return { target, launched: await launchTarget(target, process.env, abort) };
    } catch (error) {
      if (start >= startsOnAnotherPort || abort?.aborted || !(await portWasTaken(target, error))) throw error;
      target = await resolveTarget(loaded.file, target.name, process.env, loaded.onlyFamilies);
    }
  }
}

/** The target said its address is in use, or another socket holds the port chosen for it now. */
async function portWasTaken(target: ResolvedTarget, error: unknown): Promise<boolean> {
  if (target.port === undefined) return false;
  return /EADDRINUSE|already in use/i.test(String(error)) || portInUse(target.port);
}

/**
 * Every registered family's reference credentials, generated where unset, so the bundled targets.json's
 * ${REFERENCE_...} placeholders resolve. Only for the bundled file: in a user's own targets file an unset
 * variable is a configuration error naming the key, never a generated value that ends in a 401.
 */
export function ensureBundledReferenceCredentials(
  env: NodeJS.ProcessEnv,
  file: Pick<TargetsFileContents, 'path'>,
): void {
  if (isBundledTargetsFile(file.path)) ensureReferenceCredentials(env);
}

/**
 * Every registered family's reference credentials, generated where unset (for a reference the harness serves itself).
 */
export function ensureReferenceCredentials(env: NodeJS.ProcessEnv): void {
  for (const family of families()) family.reference.ensureCredentials(env);
}

function isBundledTargetsFile(path: string): boolean {
  const real = (file: string) => (existsSync(file) ? realpathSync(file) : resolve(file));
  return real(path) === real(join(packageRoot, 'targets.json'));
}
