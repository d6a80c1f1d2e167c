import type { FamilyModule } from '../families/family.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import { askOperations, noOperationAtBaseUrl } from './doctor-operations.ts';

/**
 * What `harness doctor` checks of the base URLs, checked by `run` before any verdict: a family none of whose
 * operations the target serves at the entry's base URL (each answered 404 or 405) is a configuration error, exit 2
 * with the key to edit, never 13 rules "passed" against 404s and the rest failed.
 */
export async function baseUrlMistake(
  target: ResolvedTarget,
  selected: readonly FamilyModule[],
): Promise<HarnessError | undefined> {
  const operations = await askOperations(selected, target.entry.families, target.entry.client);
  for (const found of operations) {
    const answers = noOperationAtBaseUrl(found);
    if (answers === undefined) continue;
    const key = `targets.${target.name}.families.${found.family}.baseUrl`;
    return new HarnessError(
      'BASE_URL_WRONG',
      `${found.family}: no operation of the family answers at its base URL: ${answers}`,
      `edit ${key} (the base address the document gives, written as given: \`harness init --help\` lists each family's operation paths relative to it)`,
    );
  }
  return undefined;
}
