import { families } from '../families/index.ts';
import type { FamilyModule } from '../families/family.ts';
import type { Rule } from '../rules/rule.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';

/** The registered families named by `--suite` (each once), in the order given; an unknown name is a usage error. */
export function familiesNamed(suites: readonly string[]): FamilyModule[] {
  return [...new Set(suites)].map((name) => {
    const family = families().find((candidate) => candidate.name === name);
    if (!family) {
      const names = families().map((candidate) => candidate.name);
      const guess = didYouMean(name, names);
      throw new HarnessError(
        'USAGE',
        `No suite "${name}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        `use one of: ${names.join(', ')}`,
      );
    }
    return family;
  });
}

/**
 * The families to judge: the ones named (each must be registered and declared by the target), else all the target
 * declares.
 */
export function selectFamilies(target: ResolvedTarget, suites: readonly string[] | undefined): FamilyModule[] {
  const declared = declaredFamilies(target);
  if (!suites?.length) return declared;
  return familiesNamed(suites).map((family) => {
    const name = family.name;
    if (!declared.includes(family)) {
      throw new HarnessError(
        'USAGE',
        `Target "${target.name}" declares no ${name} interface (no families.${name} section)`,
        `use one of its families: ${declared.map((candidate) => candidate.name).join(', ')}`,
      );
    }
    return family;
  });
}

/** Where `--rule` ids are looked up: the families selected, and (for `run`) the target that declares families. */
export interface RuleScope {
  selected: readonly FamilyModule[];
  /**
   * For `run`: the target and the families it declares; without it a family that is not selected was left out by
   * `--suite`.
   */
  target?: { name: string; declared: readonly FamilyModule[] };
}

/**
 * The rules `--rule` selects among the selected families' (all of them without `--rule`). An id that selects
 * nothing is a usage error said before any traffic, also beside ids that do select: a typo in a CI command
 * would otherwise judge less than it says (or nothing) and pass.
 */
export function selectRules(scope: RuleScope, ruleIds: readonly string[] | undefined): Rule<string, unknown>[] {
  const selectedRules = scope.selected.flatMap((family) => family.rules as readonly Rule<string, unknown>[]);
  const wanted = ruleIds?.length ? [...new Set(ruleIds)] : undefined;
  const problems = (wanted ?? [])
    .filter((id) => !selectedRules.some((rule) => rule.id === id))
    .map((id) => whyNotSelected(id, scope));
  if (problems.length)
    throw new HarnessError('USAGE', problems.join('; '), '`harness rules` lists every rule id with its family');
  const rules = wanted ? selectedRules.filter((rule) => wanted.includes(rule.id)) : selectedRules;
  if (!rules.length)
    throw new HarnessError(
      'USAGE',
      `The selection (${scope.selected.map((family) => family.name).join(', ') || 'no family'}) has no rule to judge`,
      'select a family with rules (--suite)',
    );
  return rules;
}

/** Why a rule id selects no rule: not a rule at all (with the closest id), or a rule of a family left out. */
function whyNotSelected(id: string, scope: RuleScope): string {
  const owner = families().find((family) => family.rules.some((rule) => rule.id === id));
  if (!owner) {
    const guess = didYouMean(
      id,
      families().flatMap((family) => family.rules.map((rule) => rule.id)),
    );
    return `No rule "${id}"${guess ? ` (did you mean "${guess}"?)` : ''}`;
  }
  if (scope.target && !scope.target.declared.includes(owner))
    return `rule ${id} belongs to family ${owner.name}, which target ${scope.target.name} does not declare`;
  return `rule ${id} belongs to family ${owner.name}, which --suite does not select`;
}

/** The registered families the target has a section for. */
export function declaredFamilies(target: ResolvedTarget): FamilyModule[] {
  return families().filter((family) => target.entry.families[family.name] !== undefined);
}
