import { type Command, parseArguments, printHelp } from './command.ts';
import { reportsPaths } from '../run/paths.ts';

/* `harness rules`: its help and options; the table is cli/rules-table.ts. */

async function help(): Promise<string> {
  return `harness rules [--json] [--reports DIR]

Prints every rule with its spec section, the check that enforces it and the mutant(s) that prove the check
can fail. A rule without either is a visible gap. When DIR/mutants.json exists (written by harness mutants),
each rule also shows whether its mutants were verified killed.`;
}

export const options = {
  json: { type: 'boolean', default: false },
  reports: { type: 'string', default: 'reports' },
} as const;

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  const { renderRulesTable, rulesTable } = await import('./rules-table.ts');
  const rows = await rulesTable(reportsPaths(String(values.reports)).mutants);
  console.log(values.json ? JSON.stringify(rows, null, 2) : renderRulesTable(rows));
  return 0;
}

export const rulesCli: Command = {
  name: 'rules',
  summary: 'the rule table: id, spec section, check, killing mutant, verified status',
  help,
  run,
};
