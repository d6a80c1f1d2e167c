import { dirname } from 'node:path';
import { allRules, families } from './index.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { formatIssues } from '../targets/format-issues.ts';
import { freePort } from '../targets/free-port.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget, TargetsFileContents } from '../targets/load-targets.ts';
import { fillEnvPlaceholders, fillToken, formatKeyPath, mentionsToken } from '../targets/placeholders.ts';
import { type TargetEntry, targetSchemaFor } from '../targets/schema.ts';

/**
 * Chooses a target, fills ${VAR} from the environment and {port} with a free port, then validates it against
 * the schema the registered families make up (so it lives with the registry, not in targets/). Errors name
 * the key path and the fix. Given `onlyFamilies` (a run's --suite), the other families' sections are left out
 * first, so a run asks only for the variables of the families it runs.
 */
export async function resolveTarget(
  file: TargetsFileContents,
  name: string | undefined,
  env: NodeJS.ProcessEnv,
  onlyFamilies?: readonly string[],
): Promise<ResolvedTarget> {
  const chosen = name ?? file.defaultTarget;
  const raw = file.rawTargets[chosen];
  if (raw === undefined) {
    const names = Object.keys(file.rawTargets);
    const guess = didYouMean(chosen, names);
    throw new HarnessError(
      'TARGET_UNKNOWN',
      `No target named "${chosen}" in ${file.path}${guess ? ` (did you mean "${guess}"?)` : ''}`,
      `use one of: ${names.join(', ') || '(none defined)'}`,
    );
  }
  let filled = fillEnvPlaceholders(onlyFamilies?.length ? withFamiliesOnly(raw, onlyFamilies) : raw, env, [
    'targets',
    chosen,
  ]);
  let port: number | undefined;
  if (mentionsToken(filled, 'port')) {
    port = await freePort();
    filled = fillToken(filled, 'port', String(port));
  }
  const schema = targetSchemaFor(families());
  const parsed = schema.safeParse(filled);
  if (!parsed.success) {
    const familyFixes = Object.fromEntries(families().map((family) => [family.name, family.configFixes]));
    throw new HarnessError(
      'CONFIG_INVALID',
      `${file.path} is invalid:\n${formatIssues(schema, parsed.error.issues, ['targets', chosen], familyFixes).join('\n')}`,
    );
  }
  const entry = parsed.data as TargetEntry;
  checkReferences(entry, chosen);
  await prepareSections(entry, chosen, dirname(file.path));
  return port === undefined ? { name: chosen, entry } : { name: chosen, entry, port };
}

/**
 * The raw entry with only the named families' sections; as it is when it does not declare every one of them
 * (the family selection then says which is missing) or is not shaped as an entry (the schema says how).
 */
function withFamiliesOnly(raw: unknown, names: readonly string[]): unknown {
  if (typeof raw !== 'object' || raw === null || !('families' in raw)) return raw;
  const sections = (raw as { families: unknown }).families;
  if (typeof sections !== 'object' || sections === null || !names.every((name) => name in sections)) return raw;
  return {
    ...raw,
    families: Object.fromEntries(Object.entries(sections).filter(([family]) => names.includes(family))),
  };
}

/** Each family's section readied (a team's adapter module loaded): a problem names the key, before any traffic. */
async function prepareSections(entry: TargetEntry, name: string, targetsDir: string): Promise<void> {
  for (const family of families()) {
    const section = entry.families[family.name];
    if (section === undefined || !family.prepareSection) continue;
    const prepared = await family.prepareSection(section, { targetsDir });
    if ('section' in prepared) {
      entry.families[family.name] = prepared.section;
      continue;
    }
    const where = formatKeyPath(['targets', name, 'families', family.name, ...prepared.problem.key]);
    throw new HarnessError('CONFIG_INVALID', `${where}: ${prepared.problem.message}`, prepared.problem.fix);
  }
}

function checkReferences(entry: TargetEntry, name: string): void {
  for (const family of families()) {
    const section = entry.families[family.name];
    const problem = section === undefined ? undefined : family.validateSection?.(section);
    if (problem) {
      const where = formatKeyPath(['targets', name, 'families', family.name, ...problem.key]);
      throw new HarnessError('CONFIG_INVALID', `${where}: ${problem.message}`, problem.fix);
    }
  }
  const ruleIds = allRules().map((rule) => rule.id);
  entry.waivers.forEach((waiver, index) => {
    if (!ruleIds.includes(waiver.rule)) {
      const guess = didYouMean(waiver.rule, ruleIds);
      throw new HarnessError(
        'CONFIG_INVALID',
        `targets.${name}.waivers[${index}].rule: no rule "${waiver.rule}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        'use a rule id from `harness rules`',
      );
    }
  });
}
