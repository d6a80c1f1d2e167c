import { checks } from '../checks/index.ts';
import { billingMutants } from '../reference/mutants/index.ts';
import { allRules } from '../rules/index.ts';

export interface RuleRow {
  id: string;
  section: string;
  statement: string;
  check: string;
  checkExists: boolean;
  killingMutants: string[];
}

/** Every rule with its check and the mutants that break it; a missing one is a visible gap. */
export function rulesTable(): RuleRow[] {
  return allRules.map((rule) => ({
    id: rule.id,
    section: `${rule.source.document} > ${rule.source.section}`,
    statement: rule.statement,
    check: rule.check,
    checkExists: rule.check in checks,
    killingMutants: billingMutants.filter((mutant) => mutant.breaks === rule.id).map((mutant) => mutant.name),
  }));
}

export function renderRulesTable(rows: readonly RuleRow[]): string {
  const width = Math.max(...rows.map((row) => row.id.length));
  const lines = rows.map(
    (row) =>
      `${row.id.padEnd(width)}  ${(row.checkExists ? row.check : `MISSING CHECK ${row.check}`).padEnd(26)}  ${row.killingMutants.join(', ') || 'NO MUTANT'}\n${' '.repeat(width + 2)}${row.section}`,
  );
  const gaps = rows.filter((row) => !row.checkExists || row.killingMutants.length === 0).length;
  return [`${'rule id'.padEnd(width)}  ${'check'.padEnd(26)}  killing mutant(s)`, ...lines, '', `${rows.length} rules, ${gaps} without a check or a killing mutant`].join('\n');
}
