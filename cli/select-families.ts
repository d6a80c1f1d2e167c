import { families } from '../families/index.ts';
import type { FamilyModule } from '../families/family.ts';
import { HarnessError } from '../targets/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';

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

/** Every registered family's reference credentials, so targets.json's ${REFERENCE_...} placeholders resolve. */
export function ensureReferenceCredentials(env: NodeJS.ProcessEnv): void {
  for (const family of families()) family.reference.ensureCredentials(env);
}

