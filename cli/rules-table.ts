import { existsSync, readFileSync } from 'node:fs';
import { sharedChecks } from '../checks/index.ts';
import { families } from '../families/index.ts';
import type { RuleQuote } from '../rules/rule.ts';
import { quoteText } from '../rules/rule-quotes.ts';
import type { MutantReport } from './mutants-command.ts';

export interface RuleRow {
  id: string;
  family: string;
  section: string;
  statement: string;
  /** The sentences the rule rests on, verbatim. */
  quotes: readonly RuleQuote[];
  /** What the rule fails a target on (the normative word or cell of each quote that has one) and what it only reports. */
  demands: string[];
  observes: string[];
  check: string;
  checkExists: boolean;
  killingMutants: string[];
  /** From the last `harness mutants`: killed (every mutant of the rule failed it), survived, error, or not verified. */
  verified: 'killed' | 'survived' | 'error' | 'not verified';
}

function readMutantReport(path: string): MutantReport | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as MutantReport;
  } catch {
    return undefined;
  }
}

/** Every rule with its check and the mutants that break it; a missing one is a visible gap. */
export async function rulesTable(mutantReportPath?: string): Promise<RuleRow[]> {
  const report = mutantReportPath ? readMutantReport(mutantReportPath) : undefined;
  const familyChecks = await Promise.all(families().map((family) => family.checks()));
  return families().flatMap((family, index) =>
    family.rules.map((rule) => {
      const mutants = family.reference.mutants
        .filter((mutant) => mutant.breaks === rule.id)
        .map((mutant) => mutant.name);
      const results = report?.mutants.filter((mutant) => mutants.includes(mutant.name)) ?? [];
      const verified: RuleRow['verified'] =
        results.length === 0 || results.length < mutants.length
          ? 'not verified'
          : results.some((mutant) => mutant.status === 'survived')
            ? 'survived'
            : results.some((mutant) => mutant.status === 'error')
              ? 'error'
              : 'killed';
      return {
        id: rule.id,
        family: family.name,
        section: `${rule.source.document} > ${rule.source.section}`,
        statement: rule.statement,
        quotes: rule.quotes ?? [],
        demands: (rule.quotes ?? []).flatMap((quote) => (quote.demand ? [quote.demand] : [])),
        observes: (rule.quotes ?? []).flatMap((quote) => (quote.demand ? [] : [quote.text])),
        check: rule.check,
        checkExists: rule.check in sharedChecks || rule.check in (familyChecks[index] ?? {}),
        killingMutants: mutants,
        verified,
      };
    }),
  );
}

export function renderRulesTable(rows: readonly RuleRow[]): string {
  const width = Math.max(...rows.map((row) => row.id.length));
  const lines = rows.map(
    (row) =>
      `${row.id.padEnd(width)}  ${(row.checkExists ? row.check : `MISSING CHECK ${row.check}`).padEnd(26)}  ${row.verified.padEnd(12)}  ${row.killingMutants.join(', ') || 'NO MUTANT'}\n${' '.repeat(width + 2)}${row.section}${row.quotes.map((quote) => `\n${' '.repeat(width + 2)}${quoteText(quote)}`).join('')}`,
  );
  const gaps = rows.filter((row) => !row.checkExists || row.killingMutants.length === 0).length;
  const unverified = rows.filter((row) => row.verified !== 'killed').length;
  const unquoted = rows.filter((row) => row.demands.length === 0).length;
  return [
    `${'rule id'.padEnd(width)}  ${'check'.padEnd(26)}  ${'verified'.padEnd(12)}  killing mutant(s)`,
    ...lines,
    '',
    `${rows.length} rules, ${gaps} without a check or a killing mutant, ${unquoted} quoting no demand, ${unverified} not verified killed by \`harness mutants\``,
  ].join('\n');
}
