import { type Command, parseArguments, printHelp } from './command.ts';
import { familyNames } from './family-names.ts';
import type { MutantReport } from './mutants-command.ts';
import { integerOption, listOption } from './option-values.ts';

/* `harness mutants`: its help, options and exit code; verifying the mutants is cli/mutants-command.ts. */

async function help(): Promise<string> {
  return `harness mutants [--suite ${await familyNames()}]... [--rule ID]... [--seed N] [--runs N] [--reports DIR] [--collateral] [--json]
                [--strict-prerequisites]

For every mutant of the reference target's catalogue (or those breaking the given rules), starts the
reference in this process with that mutant on port 0, runs only the broken rule's test on one reused vitest
instance, and prints a table: mutant, rule, killed or survived, time. Mutants of different families are
verified together, at most one per family in a run (each family's part of the reference with its own mutant;
a mutant's time is its run's). Writes DIR/mutants.json (default ./reports), in the catalogue's order. Exit 0
when every mutant is killed, 1 when one survives, 2 on a harness error.
  --collateral    run the mutant's whole family and record which other rules failed (one fault should
                  fail one rule; blocked rules are not collateral): a count per mutant, per family and in
                  all, also in mutants.json. Slower: every rule of the family runs for every mutant.
  --strict-prerequisites
                  a rule blocked by a rule its table entry does not declare is broken, as in harness run`;
}

export const options = {
  suite: { type: 'string', multiple: true },
  rule: { type: 'string', multiple: true },
  seed: { type: 'string', default: '1' },
  runs: { type: 'string', default: '20' },
  reports: { type: 'string', default: 'reports' },
  json: { type: 'boolean', default: false },
  collateral: { type: 'boolean', default: false },
  'strict-prerequisites': { type: 'boolean', default: false },
} as const;

/** 0 when every mutant was killed, 2 when one could not be judged, else 1 (one survived). */
function exitCode(report: MutantReport): number {
  if (report.mutants.every((mutant) => mutant.status === 'killed')) return 0;
  return report.mutants.some((mutant) => mutant.status === 'error') ? 2 : 1;
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  const { verifyMutants, renderMutantTable } = await import('./mutants-command.ts');
  const suites = listOption(values.suite);
  const report = await verifyMutants({
    ...(suites ? { suites } : {}),
    ...(values.rule ? { rules: values.rule as string[] } : {}),
    seed: integerOption(values.seed, 'seed', 0) as number,
    runs: integerOption(values.runs, 'runs', 0) as number,
    reportsDir: String(values.reports),
    collateral: values.collateral === true,
    strictPrerequisites: values['strict-prerequisites'] === true,
    ...(values.json ? {} : { progress: (line: string) => console.log(line) }),
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : renderMutantTable(report));
  return exitCode(report);
}

export const mutantsCli: Command = {
  name: 'mutants',
  summary: "verify that every mutant of the reference target is caught by its rule's check",
  help,
  run,
};
