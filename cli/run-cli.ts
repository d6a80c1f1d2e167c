import { type Command, type OptionValues, parseArguments, printHelp } from './command.ts';
import { familyNames } from './family-names.ts';
import { durationOption, integerOption, listOption } from './option-values.ts';
import { reportsPaths, targetsFilePath } from '../run/paths.ts';
import { buildReport } from './report-cli.ts';
import type { RunSummary } from '../reporting/run-summary.ts';
import type { RunOptions } from './run-command.ts';

/* `harness run`: its help and options; the run itself is cli/run-command.ts, loaded when the command runs. */

async function help(): Promise<string> {
  return `harness run [--targets FILE] [--target NAME] [--suite ${await familyNames()}]... [--seed N] [--runs N]
            [--sequences N] [--rule ID]... [--reports DIR] [--workers N] [--max-time DURATION] [--late-memory DURATION] [--html [--history FILE]]
            [--strict-prerequisites]

Runs every rule's check against the target. Writes Allure results, JUnit XML and summary.json under
the reports folder (default ./reports). Exit 0 conformant, 1 nonconformant, 2 harness or configuration error
(also: the preflight found the target unreachable or its credentials refused, or the run was interrupted by
SIGINT/SIGTERM, in which case the summary is written and marked interrupted). summary.json and junit.xml are
rewritten as rules finish, so a run killed outright leaves valid reports of what finished.
  --targets FILE  targets file (default ./targets.json, else the bundled one)
  --target NAME   target entry (default: the file's "default", normally "reference")
  --suite NAME    interface family, repeatable or comma-separated (default: every family the target declares)
  --seed N        seed of every property run (default random, printed; reuse it to replay)
  --runs N        random cases per property after the boundary cases (default 100)
  --sequences N   command sequences of each stateful phase, shrunk to the shortest that fails (default: the
                  target entry's "sequences", else 50; a nightly run gives thousands)
  --rule ID       only this rule (repeatable): only its family is preflighted and run; an id that is no rule of
                  the selected families exits 2 before any traffic
  --reports DIR   output folder (default ./reports)
  --workers N     suite files run in parallel in at most N workers (default: cores - 1, and one more per
                  rate-limit probe, which mostly waits out its limit's window; at most N - 1 probes run beside
                  the other files, the rest alone at the end)
  --late-memory D how late what the target must remember (nonces, order ids, vanity paths, Idempotency-Keys) is
                  asked again: 90s or 10m (default: the target entry's lateMemoryMs, else only at the end of
                  the run); a nightly job sets minutes, which a CI gate of a few seconds never reaches
  --max-time D    the run's deadline: 600, 90s or 10m (default: the target entry's maxTimeMs, else 10m); what has
                  not finished by then is reported as not run, and a rule that failed still makes the run exit 1
  --html          also build the Allure HTML report (DIR/allure-report/index.html, one file that opens from disk)
  --history FILE  Allure's history file for --html (default DIR/allure-history.jsonl)
  --strict-prerequisites
                  a rule blocked by a rule its table entry does not declare among its prerequisites is broken (a
                  harness error) instead of blocked: for the harness's own tests and the author of a family`;
}

export const options = {
  targets: { type: 'string' },
  target: { type: 'string' },
  suite: { type: 'string', multiple: true },
  seed: { type: 'string' },
  runs: { type: 'string', default: '100' },
  sequences: { type: 'string' },
  rule: { type: 'string', multiple: true },
  reports: { type: 'string', default: 'reports' },
  workers: { type: 'string' },
  'max-time': { type: 'string' },
  'late-memory': { type: 'string' },
  html: { type: 'boolean', default: false },
  history: { type: 'string' },
  'strict-prerequisites': { type: 'boolean', default: false },
} as const;

/** The run's options from the command line (checked before anything is loaded), without its progress outputs. */
function runOptions(values: OptionValues): Omit<RunOptions, 'progress' | 'live'> {
  const maxTimeMs = durationOption(values['max-time'], 'max-time');
  const lateMemoryMs = durationOption(values['late-memory'], 'late-memory', 3600);
  const suites = listOption(values.suite);
  const workers = integerOption(values.workers, 'workers', 1);
  return {
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    ...(suites ? { suites } : {}),
    ...(values.seed !== undefined ? { seed: integerOption(values.seed, 'seed', 0) as number } : {}),
    // A property of no random case judges only its boundaries; a run of none at all judges nothing.
    runs: integerOption(values.runs, 'runs', 1) as number,
    ...(values.sequences !== undefined ? { sequences: integerOption(values.sequences, 'sequences', 0) as number } : {}),
    ...(values.rule ? { rules: values.rule as string[] } : {}),
    ...(workers ? { workers } : {}),
    ...(maxTimeMs ? { maxTimeMs } : {}),
    ...(lateMemoryMs ? { lateMemoryMs } : {}),
    ...(values['strict-prerequisites'] ? { strictPrerequisites: true } : {}),
    reportsDir: String(values.reports),
  };
}

/** What prints the verdict: loaded before the run, so that it is printed the moment the run returns. */
async function summaryPrinter(): Promise<(summary: RunSummary) => void> {
  const [{ renderSummary }, { colourWanted }] = await Promise.all([
    import('../reporting/print-summary.ts'),
    import('../reporting/terminal-colour.ts'),
  ]);
  return (summary) => console.log(renderSummary(summary, { colour: colourWanted(process.stdout, process.env) }));
}

/**
 * The summary, where the reports are, GitHub's job summary and annotations, and the HTML report when asked. The
 * summary first, with nothing awaited before it: after a signal the process is ended 3.5 s later whatever it is doing
 * (run/run-stop.ts), and a wind-down that took most of that on a busy machine must still show its verdict.
 */
async function printOutcome(
  summary: RunSummary,
  values: OptionValues,
  printSummary: (summary: RunSummary) => void,
): Promise<void> {
  printSummary(summary);
  const paths = reportsPaths(String(values.reports));
  console.log(
    `\nsummary: ${paths.summary} (and ${paths.summaryMarkdown})\nallure results: ${paths.allureResults}\njunit: ${paths.junit}`,
  );
  const { gitHubActionsSink } = await import('../reporting/run-report-sinks.ts');
  gitHubActionsSink(process.env, (line) => console.log(line)).write({ summary });
  if (values.html && !summary.interrupted) await buildReport(paths, values.history);
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  const asked = runOptions(values);
  const { runHarness } = await import('./run-command.ts');
  const { liveLine } = await import('../reporting/live-line.ts');
  const printSummary = await summaryPrinter();
  const summary = await runHarness({ ...asked, progress: (line) => console.log(line), live: liveLine() });
  await printOutcome(summary, values, printSummary);
  return { conformant: 0, nonconformant: 1, error: 2 }[summary.verdict];
}

export const runCli: Command = {
  name: 'run',
  summary: 'run the suites against a target (default: the bundled reference target)',
  help,
  run,
};
