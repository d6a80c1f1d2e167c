import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { families } from '../families/index.ts';
import { resolveTarget } from '../families/resolve-target.ts';
import { type ResolvedTarget, readTargetsFile, type TargetsFileContents } from '../targets/load-targets.ts';
import { packageRoot } from './paths.ts';

/*
 * A command's target in one stage, in stage order: the targets file read (syntax and shape), the bundled file's
 * reference credentials filled where unset, then the chosen entry's placeholders filled and the entry resolved
 * against the registered families' schema. Every command that reaches a target starts here, once.
 */

/** The targets file and the chosen entry, resolved (`onlyFamilies`: a run's --suite, so only their variables count). */
export async function loadTarget(
  targetsFile: string,
  target: string | undefined,
  onlyFamilies?: readonly string[],
): Promise<{ file: TargetsFileContents; target: ResolvedTarget }> {
  const file = readTargetsFile(targetsFile);
  ensureBundledReferenceCredentials(process.env, file);
  return { file, target: await resolveTarget(file, target, process.env, onlyFamilies) };
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
