import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { families } from '../families/index.ts';
import type { FamilyModule } from '../families/family.ts';
import { HarnessError } from '../targets/harness-error.ts';
import type { ResolvedTarget, TargetsFileContents } from '../targets/load-targets.ts';
import { packageRoot } from './paths.ts';

/** The registered families named by `--suite` (each once), in the order given; an unknown name is a usage error. */
export function familiesNamed(suites: readonly string[]): FamilyModule[] {
  return [...new Set(suites)].map((name) => {
    const family = families().find((candidate) => candidate.name === name);
    if (!family) throw new HarnessError('USAGE', `No suite "${name}"`, `use one of: ${families().map((candidate) => candidate.name).join(', ')}`);
    return family;
  });
}

/** The families to judge: the ones named (each must be registered and declared by the target), else all the target declares. */
export function selectFamilies(target: ResolvedTarget, suites: readonly string[] | undefined): FamilyModule[] {
  const declared = families().filter((family) => target.entry.families[family.name] !== undefined);
  if (!suites?.length) return declared;
  return familiesNamed(suites).map((family) => {
    const name = family.name;
    if (!declared.includes(family)) {
      throw new HarnessError('USAGE', `Target "${target.name}" declares no ${name} interface (no families.${name} section)`, `use one of its families: ${declared.map((candidate) => candidate.name).join(', ')}`);
    }
    return family;
  });
}

/**
 * Every registered family's reference credentials, generated where unset, so the bundled targets.json's
 * ${REFERENCE_...} placeholders resolve. Only for the bundled file: in a user's own targets file an unset
 * variable is a configuration error naming the key, never a generated value that ends in a 401.
 */
export function ensureBundledReferenceCredentials(env: NodeJS.ProcessEnv, file: Pick<TargetsFileContents, 'path'>): void {
  if (isBundledTargetsFile(file.path)) ensureReferenceCredentials(env);
}

/** Every registered family's reference credentials, generated where unset (for a reference the harness serves itself). */
export function ensureReferenceCredentials(env: NodeJS.ProcessEnv): void {
  for (const family of families()) family.reference.ensureCredentials(env);
}

function isBundledTargetsFile(path: string): boolean {
  const real = (file: string) => (existsSync(file) ? realpathSync(file) : resolve(file));
  return real(path) === real(join(packageRoot, 'targets.json'));
}

