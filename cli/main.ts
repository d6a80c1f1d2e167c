import { type ParseArgsConfig, parseArgs } from 'node:util';
import { buildAllureHtml } from '../reporting/allure-html.ts';
import { renderSummary } from '../reporting/print-summary.ts';
import { HarnessError } from '../targets/harness-error.ts';
import { reportsPaths, targetsFilePath } from './paths.ts';
import { runReference } from './reference-command.ts';
import { renderRulesTable, rulesTable } from './rules-table.ts';
import { knownSuites, runHarness } from './run-command.ts';

const help = {
  main: `harness: conformance testing of the spec's HTTP interfaces

Commands:
  harness run        run the suites against a target (default: the bundled reference target)
  harness rules      the rule table: id, spec section, check, killing mutant
  harness reference  start the bundled reference target alone
  harness report     build the Allure HTML report from the latest results

Run "harness <command> --help" for a command's options.`,
  run: `harness run [--targets FILE] [--target NAME] [--suite ${knownSuites.join('|')}] [--seed N] [--runs N] [--rule ID]... [--reports DIR] [--html]

Runs every rule's check against the target. Writes Allure results, JUnit XML and summary.json under
the reports folder (default ./reports). Exit 0 conformant, 1 nonconformant, 2 harness or configuration error.
  --targets FILE  targets file (default ./targets.json, else the bundled one)
  --target NAME   target entry (default: the file's "default", normally "reference")
  --suite NAME    interface family (default billing)
  --seed N        seed of every property run (default random, printed; reuse it to replay)
  --runs N        random cases per property after the boundary cases (default 100)
  --rule ID       only this rule (repeatable)
  --reports DIR   output folder (default ./reports)
  --html          also build the Allure HTML report`,
  rules: `harness rules [--json]

Prints every rule with its spec section, the check that enforces it and the mutant(s) that prove the check
can fail. A rule without either is a visible gap.`,
  reference: `harness reference [--port N] [--host H] [--mode multi|single-entity|plain] [--mutant NAME]
                  [--token-ttl SECONDS] [--token-rate REQUESTS/MS]

Starts the bundled reference target and prints its base URLs. Credentials come from REFERENCE_CLIENT_ID and
REFERENCE_CLIENT_SECRET (generated when unset). Stops on Ctrl-C.`,
  report: `harness report [--reports DIR]

Builds the Allure HTML report (reports/allure-report) from reports/allure-results with Allure 3.`,
};

const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>): { values: OptionValues } {
  try {
    return parseArgs({ args: argv, options: { ...helpOption, ...options }, allowPositionals: false, strict: true }) as { values: OptionValues };
  } catch (error) {
    throw new HarnessError('USAGE', (error as Error).message, 'see --help');
  }
}

function integerOption(value: unknown, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new HarnessError('USAGE', `--${name} must be an integer of at least ${min}, got ${String(value)}`);
  return number;
}

async function runCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    targets: { type: 'string' },
    target: { type: 'string' },
    suite: { type: 'string', default: 'billing' },
    seed: { type: 'string' },
    runs: { type: 'string', default: '100' },
    rule: { type: 'string', multiple: true },
    reports: { type: 'string', default: 'reports' },
    html: { type: 'boolean', default: false },
  });
  if (values.help) return printHelp('run');
  const reportsDir = String(values.reports);
  const summary = await runHarness({
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    suite: String(values.suite),
    ...(values.seed !== undefined ? { seed: integerOption(values.seed, 'seed', 0) as number } : {}),
    runs: integerOption(values.runs, 'runs', 0) as number,
    ...(values.rule ? { rules: values.rule as string[] } : {}),
    reportsDir,
  });
  console.log(renderSummary(summary));
  const paths = reportsPaths(reportsDir);
  console.log(`\nsummary: ${paths.summary}\nallure results: ${paths.allureResults}\njunit: ${paths.junit}`);
  if (values.html) {
    await buildAllureHtml(paths.allureResults, paths.allureHtml);
    console.log(`allure report: ${paths.allureHtml}/index.html`);
  }
  return { conformant: 0, nonconformant: 1, error: 2 }[summary.verdict];
}

function rulesCommand(argv: string[]): number {
  const { values } = parse(argv, { json: { type: 'boolean', default: false } });
  if (values.help) return printHelp('rules');
  const rows = rulesTable();
  console.log(values.json ? JSON.stringify(rows, null, 2) : renderRulesTable(rows));
  return 0;
}

async function referenceCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    mode: { type: 'string', default: 'multi' },
    mutant: { type: 'string' },
    'token-ttl': { type: 'string' },
    'token-rate': { type: 'string' },
  });
  if (values.help) return printHelp('reference');
  const mode = String(values.mode);
  if (!['multi', 'single-entity', 'plain'].includes(mode)) throw new HarnessError('USAGE', `--mode must be multi, single-entity or plain, got ${mode}`);
  const rate = values['token-rate'] === undefined ? undefined : /^(\d+)\/(\d+)$/.exec(String(values['token-rate']));
  if (values['token-rate'] !== undefined && !rate) throw new HarnessError('USAGE', '--token-rate must look like 30/1000 (requests per window in ms)');
  const tokenTtlSeconds = integerOption(values['token-ttl'], 'token-ttl', 1);
  return runReference({
    host: String(values.host),
    port: integerOption(values.port, 'port', 0) as number,
    mode: mode as 'multi',
    ...(values.mutant ? { mutant: String(values.mutant) } : {}),
    ...(tokenTtlSeconds ? { tokenTtlSeconds } : {}),
    ...(rate ? { tokenRateLimit: { requests: Number(rate[1]), windowMs: Number(rate[2]) } } : {}),
  });
}

async function reportCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, { reports: { type: 'string', default: 'reports' } });
  if (values.help) return printHelp('report');
  const paths = reportsPaths(String(values.reports));
  await buildAllureHtml(paths.allureResults, paths.allureHtml);
  console.log(`allure report: ${paths.allureHtml}/index.html`);
  return 0;
}

function printHelp(command: keyof typeof help): number {
  console.log(help[command]);
  return 0;
}

const commands: Record<string, (argv: string[]) => number | Promise<number>> = {
  run: runCommand,
  rules: rulesCommand,
  reference: referenceCommand,
  report: reportCommand,
};

/** Entry point: returns the exit code; harness errors print their code, message and fix. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') return printHelp('main');
  const command = commands[name];
  try {
    if (!command) throw new HarnessError('USAGE', `Unknown command "${name}"`, 'use run, rules, reference or report');
    return await command(rest);
  } catch (error) {
    if (error instanceof HarnessError) {
      console.error(`harness: ${error.code}: ${error.message}${error.fix ? `\nfix: ${error.fix}` : ''}`);
      return 2;
    }
    console.error(`harness: internal error: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}
