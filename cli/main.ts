import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { HarnessError } from '../core/harness-error.ts';
import { reportsPaths, targetsFilePath } from './paths.ts';

/*
 * The `harness` command. Each command loads what it needs when it runs (vitest only for run and mutants),
 * so `harness reference` starts in well under a second.
 */

async function familyNames(): Promise<string> {
  const { families } = await import('../families/index.ts');
  return families()
    .map((family) => family.name)
    .join('|');
}

const help = {
  main: async () => `harness: conformance testing of the spec's HTTP interfaces

Commands:
  harness run        run the suites against a target (default: the bundled reference target)
  harness init       write a target entry for your own service (every required key, \${VAR} placeholders)
  harness doctor     check a target is reachable and its credentials work, without judging it
  harness rules      the rule table: id, spec section, check, killing mutant, verified status
  harness mutants    verify that every mutant of the reference target is caught by its rule's check
  harness load       load: token-rate-limit, exchange-rate-limit, gzip-threshold probes, nightly profiles, merge
  harness reference  start the bundled reference target alone
  harness report     build the Allure HTML report from the latest results

Run "harness <command> --help" for a command's options.`,
  run: async () => `harness run [--targets FILE] [--target NAME] [--suite ${await familyNames()}]... [--seed N] [--runs N]
            [--rule ID]... [--reports DIR] [--workers N] [--max-time DURATION] [--html [--history FILE]]

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
  --rule ID       only this rule (repeatable); an id that is no rule of the selected families exits 2 before any traffic
  --reports DIR   output folder (default ./reports)
  --workers N     suite files run in parallel in at most N workers (default: cores - 1, and one more per
                  rate-limit probe, which mostly waits out its limit's window)
  --max-time D    the run's deadline: 600, 90s or 10m (default: the target entry's maxTimeMs, else 10m); what has
                  not finished by then is reported as not run, and a rule that failed still makes the run exit 1
  --html          also build the Allure HTML report (DIR/allure-report/index.html, one file that opens from disk)
  --history FILE  Allure's history file for --html (default DIR/allure-history.jsonl)`,
  init: async () => `harness init [--family ${await familyNames()}]... [--name NAME] [--url BASE] [--targets FILE]

Writes a target entry for your own service into the targets file (default ./targets.json; created when
missing, else the entry is added): every required key of each family's section, secrets, ids and base URLs as
\${VAR} placeholders named after their keys, and prints what each placeholder and value needs. Then run
harness doctor on it: it names every variable still unset, then checks the service answers.
  --family F      a family of the entry, repeatable or comma-separated (default: every family)
  --name NAME     the entry's name (default my-service)
  --url BASE      the service's base address: each family's baseUrl is BASE/<family> instead of a placeholder`,
  doctor: async () => `harness doctor [--targets FILE] [--target NAME] [--suite NAME]...

Starts the target if it is a command target, then runs just the preflight of every family it declares: is the
base URL reachable, do the credentials work (a token is issued), the Server header and the latency. Judges no
rule. Exit 0 when every family is usable, 2 when one is unreachable or refuses its credentials.`,
  rules: async () => `harness rules [--json] [--reports DIR]

Prints every rule with its spec section, the check that enforces it and the mutant(s) that prove the check
can fail. A rule without either is a visible gap. When DIR/mutants.json exists (written by harness mutants),
each rule also shows whether its mutants were verified killed.`,
  mutants:
    async () => `harness mutants [--suite ${await familyNames()}]... [--rule ID]... [--seed N] [--runs N] [--reports DIR] [--collateral] [--json]

For every mutant of the reference target's catalogue (or those breaking the given rules), starts the
reference in this process with that mutant on port 0, runs only the broken rule's test on one reused vitest
instance, and prints a table: mutant, rule, killed or survived, time. Writes DIR/mutants.json (default
./reports). Exit 0 when every mutant is killed, 1 when one survives, 2 on a harness error.
  --collateral    run the mutant's whole family and record which other rules failed (one fault should
                  fail one rule; blocked rules are not collateral): a count per mutant, per family and in
                  all, also in mutants.json. Slower: every rule of the family runs for every mutant.`,
  reference: async () => {
    const { families } = await import('../families/index.ts');
    const flags = families().flatMap((family) =>
      Object.entries(family.reference.flags ?? {}).map(([name, flag]) => `  --${name} ${flag.help}`),
    );
    const modes = families().map((family) => `${family.name}: ${family.reference.modes.join('|')}`);
    return `harness reference [--port N] [--host H] [--mode MODE] [--mutant NAME] [family flags]

Starts the bundled reference target (every interface family under its own path prefix) and prints its
base URLs. Credentials come from REFERENCE_* variables (generated when unset). Stops on Ctrl-C.
  --mode MODE     a mode of a family's reference (${modes.join('; ')}); families without it keep their default
  --mutant NAME   run one mutant (see harness rules); its family runs in the mutant's mode
${flags.join('\n')}`;
  },
  load: async () => {
    const { registeredProbes } = await import('./load-probes.ts');
    return `harness load <scenario> [--targets FILE] [--target NAME] [--reports DIR]
harness load nightly [--targets FILE] [--target NAME] [--reports DIR] [--rate N] [--duration D] [--history DIR]
                     [--segment I/N --start-at TIME [--run-id ID]]
harness load merge FILE|DIR... [--output FILE|DIR] [--reports DIR] [--history DIR] [--allow-partial]

Runs a load scenario against a target's base URL (bounded in rate, count and time) and judges its rule:
${(await registeredProbes())
  .map(({ probe, family }) => `  ${probe.name.padEnd(20)} (${family.name}) ${probe.description}`)
  .join('\n')}
Writes DIR/load/<scenario>.json (default ./reports): the verdict, what was found, and the load figures (raw HDR
latency histogram, per-second status counts). Exit 0 when the rule holds, 1 when not, 2 on a harness or
configuration error or an interruption. On a terminal (not under CI) a live line shows the elapsed time, the
current rate and the 2xx / 429 / other counts.

nightly runs every operation of the target's families at a constant rate (default 20 req/s for 10 s each, or
the target entry's "load" profile; --rate and --duration override), each request timed from when it was due
(a stall shows in the tail), and judges the entry's thresholds and the family's response rules on every
answer: one result file per operation (DIR/load/nightly/), the run's figures added to the history
(--history, default DIR/load/history), one Allure test per operation with charts (response and service time
by percentile, p50 and p99 per second, rate and status codes over time, against the previous run, p99 and
error rate over the last 30 runs). Exit 0 within thresholds, 1 not, 2 harness error or interrupted.

Beyond one machine, N replicas each run a segment: --segment I/N (1 <= I <= N; index:K/N takes Kubernetes's
0-based JOB_COMPLETION_INDEX, slot:S/N Docker Swarm's {{.Task.Slot}} of a replicated job) runs share I of every operation's rate (the N shares add up exactly to it; a share
of 0 sends nothing), connections and in-flight cap likewise, for the same duration. --start-at (ISO time or
epoch ms, at most 10 min ahead; the same for every replica) waits for a common start; --run-id names the run
(default: from --start-at and the profile's digest); one of the two is needed. A segment writes
DIR/load/nightly/segment-I-of-N/ and judges nothing (exit 0, 2 if interrupted): the merge judges once.
The probes discover a single limit and cannot be split.

merge combines result files (a folder: every .json below it) per scenario into one result each (histograms
and per-second counts added) and judges the thresholds once, on the merged figures: exit 0 when they hold, 1
not. Segments are checked first: same run id, profile digest, target and count, every segment 1..N present once
for every operation; a missing, duplicated or foreign segment is exit 2 naming it. --allow-partial judges what
arrived and says "partial: segments 2/3 missing" in every report. Several operations need --output DIR (a file
each). With --reports DIR the merged results are added to the history (not when partial) and get an Allure
test each with the same charts.`;
  },
  report: async () => `harness report [--reports DIR] [--history FILE]

Builds the Allure HTML report from DIR/allure-results (conformance runs and load runs) with Allure 3: one
self-contained file, DIR/allure-report/index.html, that opens in a browser from disk. The folder is emptied
first, so the printed path is always the report just made. Each generation appends to the history file
(default DIR/allure-history.jsonl), so every rule shows its earlier runs; keep the file between CI jobs.
  --reports DIR   the reports folder (default ./reports)
  --history FILE  Allure's history file (default DIR/allure-history.jsonl)`,
};

const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

function parse(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  { positionals = false, fix = 'see --help' } = {},
): { values: OptionValues; positionals: string[] } {
  try {
    return parseArgs({
      args: argv,
      options: { ...helpOption, ...options },
      allowPositionals: positionals,
      strict: true,
    }) as { values: OptionValues; positionals: string[] };
  } catch (error) {
    throw new HarnessError('USAGE', (error as Error).message, fix);
  }
}

function integerOption(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new HarnessError('USAGE', `--${name} must be an integer ${bounds}, got ${String(value)}`);
  }
  return number;
}

/** `600`, `90s` or `10m` -> milliseconds; undefined when not given. */
function durationOption(value: unknown, name: string, maxSeconds = Number.POSITIVE_INFINITY): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(String(value).trim());
  const milliseconds = match ? Number(match[1]) * (match[2] === 'm' ? 60_000 : 1000) : Number.NaN;
  if (!(milliseconds >= 1000 && milliseconds <= maxSeconds * 1000)) {
    const bounds = Number.isFinite(maxSeconds) ? `from 1 s to ${maxSeconds} s` : 'of at least 1 s';
    throw new HarnessError('USAGE', `--${name} must be a duration ${bounds} (600, 90s, 10m), got ${String(value)}`);
  }
  return Math.round(milliseconds);
}

/** `--suite a --suite b,c` -> ['a', 'b', 'c']; undefined when not given. */
function listOption(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (value as string[])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

async function runCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    targets: { type: 'string' },
    target: { type: 'string' },
    suite: { type: 'string', multiple: true },
    seed: { type: 'string' },
    runs: { type: 'string', default: '100' },
    rule: { type: 'string', multiple: true },
    reports: { type: 'string', default: 'reports' },
    workers: { type: 'string' },
    'max-time': { type: 'string' },
    html: { type: 'boolean', default: false },
    history: { type: 'string' },
  });
  if (values.help) return printHelp('run');
  const maxTimeMs = durationOption(values['max-time'], 'max-time');
  const { runHarness } = await import('./run-command.ts');
  const { renderSummary } = await import('../reporting/print-summary.ts');
  const { liveLine } = await import('../reporting/live-line.ts');
  const reportsDir = String(values.reports);
  const suites = listOption(values.suite);
  const workers = integerOption(values.workers, 'workers', 1);
  const summary = await runHarness({
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    ...(suites ? { suites } : {}),
    ...(values.seed !== undefined ? { seed: integerOption(values.seed, 'seed', 0) as number } : {}),
    runs: integerOption(values.runs, 'runs', 0) as number,
    ...(values.rule ? { rules: values.rule as string[] } : {}),
    ...(workers ? { workers } : {}),
    ...(maxTimeMs ? { maxTimeMs } : {}),
    reportsDir,
    progress: (line) => console.log(line),
    live: liveLine(),
  });
  const { colourWanted } = await import('../reporting/terminal-colour.ts');
  console.log(renderSummary(summary, { colour: colourWanted(process.stdout, process.env) }));
  const paths = reportsPaths(reportsDir);
  console.log(
    `\nsummary: ${paths.summary} (and ${paths.summaryMarkdown})\nallure results: ${paths.allureResults}\njunit: ${paths.junit}`,
  );
  const { gitHubAnnotations, publishToGitHubActions } = await import('../reporting/github-actions.ts');
  const { renderSummaryMarkdown } = await import('../reporting/summary-markdown.ts');
  publishToGitHubActions(renderSummaryMarkdown(summary), gitHubAnnotations(summary), process.env, (line) =>
    console.log(line),
  );
  if (values.html && !summary.interrupted) {
    const { buildAllureHtml } = await import('../reporting/allure-html.ts');
    const index = await buildAllureHtml({
      resultsDir: paths.allureResults,
      outputDir: paths.allureHtml,
      historyFile: historyFileOption(values.history, paths),
    });
    console.log(`allure report: ${index} (one file: open it in a browser from disk)`);
  }
  return { conformant: 0, nonconformant: 1, error: 2 }[summary.verdict];
}

async function initCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    family: { type: 'string', multiple: true },
    name: { type: 'string', default: 'my-service' },
    url: { type: 'string' },
    targets: { type: 'string', default: 'targets.json' },
  });
  if (values.help) return printHelp('init');
  const { initTargets, renderInitResult } = await import('./init-command.ts');
  const name = String(values.name);
  const chosen = listOption(values.family);
  const result = initTargets({
    targetsFile: String(values.targets),
    name,
    ...(chosen ? { families: chosen } : {}),
    ...(values.url ? { url: String(values.url) } : {}),
  });
  console.log(renderInitResult(result, name));
  return 0;
}

async function doctorCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    targets: { type: 'string' },
    target: { type: 'string' },
    suite: { type: 'string', multiple: true },
  });
  if (values.help) return printHelp('doctor');
  const { runDoctor } = await import('./doctor-command.ts');
  const suites = listOption(values.suite);
  return runDoctor({
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    ...(suites ? { suites } : {}),
  });
}

async function rulesCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    json: { type: 'boolean', default: false },
    reports: { type: 'string', default: 'reports' },
  });
  if (values.help) return printHelp('rules');
  const { renderRulesTable, rulesTable } = await import('./rules-table.ts');
  const rows = await rulesTable(reportsPaths(String(values.reports)).mutants);
  console.log(values.json ? JSON.stringify(rows, null, 2) : renderRulesTable(rows));
  return 0;
}

async function mutantsCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    suite: { type: 'string', multiple: true },
    rule: { type: 'string', multiple: true },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20' },
    reports: { type: 'string', default: 'reports' },
    json: { type: 'boolean', default: false },
    collateral: { type: 'boolean', default: false },
  });
  if (values.help) return printHelp('mutants');
  const { verifyMutants, renderMutantTable } = await import('./mutants-command.ts');
  const suites = listOption(values.suite);
  const report = await verifyMutants({
    ...(suites ? { suites } : {}),
    ...(values.rule ? { rules: values.rule as string[] } : {}),
    seed: integerOption(values.seed, 'seed', 0) as number,
    runs: integerOption(values.runs, 'runs', 0) as number,
    reportsDir: String(values.reports),
    collateral: values.collateral === true,
    ...(values.json ? {} : { progress: (line: string) => console.log(line) }),
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : renderMutantTable(report));
  return report.mutants.some((mutant) => mutant.status !== 'killed')
    ? report.mutants.some((mutant) => mutant.status === 'error')
      ? 2
      : 1
    : 0;
}

async function referenceCommand(argv: string[]): Promise<number> {
  const { families } = await import('../families/index.ts');
  const familyFlags = Object.fromEntries(
    families().flatMap((family) =>
      Object.keys(family.reference.flags ?? {}).map((name) => [name, { type: 'string' as const }]),
    ),
  );
  const { values } = parse(argv, {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    mode: { type: 'string' },
    mutant: { type: 'string' },
    ...familyFlags,
  });
  if (values.help) return printHelp('reference');
  const { runReference } = await import('./reference-command.ts');
  const flags = Object.fromEntries(
    Object.keys(familyFlags)
      .filter((name) => values[name] !== undefined)
      .map((name) => [name, String(values[name])]),
  );
  return runReference({
    host: String(values.host),
    port: integerOption(values.port, 'port', 0) as number,
    ...(values.mode ? { mode: String(values.mode) } : {}),
    ...(values.mutant ? { mutant: String(values.mutant) } : {}),
    flags,
  });
}

async function loadCommand(argv: string[]): Promise<number> {
  const [scenario, ...rest] = argv;
  if (!scenario || scenario === '--help' || scenario === '-h') return printHelp('load');
  if (scenario === 'merge') {
    const parsed = parse(
      rest,
      {
        output: { type: 'string' },
        reports: { type: 'string' },
        history: { type: 'string' },
        'allow-partial': { type: 'boolean' },
      },
      { positionals: true, fix: 'see harness load --help' },
    );
    if (parsed.values.help) return printHelp('load');
    const { runLoadMerge } = await import('./load-merge-command.ts');
    const { reports, history, output } = parsed.values as Record<string, string | undefined>;
    return runLoadMerge(parsed.positionals, {
      ...(output ? { output } : {}),
      ...(reports ? { publish: { reportsDir: reports, ...(history ? { historyDir: history } : {}) } } : {}),
      allowPartial: parsed.values['allow-partial'] === true,
    });
  }
  if (scenario === 'nightly') {
    const { values } = parse(rest, {
      targets: { type: 'string' },
      target: { type: 'string' },
      reports: { type: 'string', default: 'reports' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      history: { type: 'string' },
      segment: { type: 'string' },
      'start-at': { type: 'string' },
      'run-id': { type: 'string' },
    });
    if (values.help) return printHelp('load');
    const { runNightly } = await import('./load-nightly-command.ts');
    const { parseSegment } = await import('../load/segment.ts');
    const { parseStartAt } = await import('../load/start-at.ts');
    const { loadProfileBounds } = await import('../targets/schema.ts');
    const rate = integerOption(values.rate, 'rate', loadProfileBounds.rate.min, loadProfileBounds.rate.max);
    const durationMs = durationOption(values.duration, 'duration', loadProfileBounds.durationSeconds.max);
    return runNightly({
      targetsFile: targetsFilePath(values.targets as string | undefined),
      ...(values.target ? { target: String(values.target) } : {}),
      reportsDir: String(values.reports),
      ...(values.history ? { historyDir: String(values.history) } : {}),
      ...(rate ? { rate } : {}),
      ...(durationMs ? { durationSeconds: durationMs / 1000 } : {}),
      ...(values.segment ? { segment: parseSegment(String(values.segment)) } : {}),
      ...(values['start-at'] ? { startAt: parseStartAt(String(values['start-at'])) } : {}),
      ...(values['run-id'] ? { runId: String(values['run-id']) } : {}),
    });
  }
  const { values } = parse(rest, {
    targets: { type: 'string' },
    target: { type: 'string' },
    reports: { type: 'string', default: 'reports' },
    segment: { type: 'string' },
  });
  if (values.help) return printHelp('load');
  if (values.segment !== undefined) {
    // A probe searches for one figure of one target (a limit, a threshold size): shares of it found apart add up to
    // nothing.
    throw new HarnessError(
      'USAGE',
      `${scenario} cannot be split into segments: it discovers a single limit of the target, which replicas probing apart would each see only a share of`,
      'run the probe on one machine; --segment is for harness load nightly',
    );
  }
  const { runLoadCommand } = await import('./load-command.ts');
  return runLoadCommand({
    scenario,
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    reportsDir: String(values.reports),
  });
}

async function reportCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, { reports: { type: 'string', default: 'reports' }, history: { type: 'string' } });
  if (values.help) return printHelp('report');
  const { buildAllureHtml } = await import('../reporting/allure-html.ts');
  const paths = reportsPaths(String(values.reports));
  const index = await buildAllureHtml({
    resultsDir: paths.allureResults,
    outputDir: paths.allureHtml,
    historyFile: historyFileOption(values.history, paths),
  });
  console.log(`allure report: ${index} (one file: open it in a browser from disk)`);
  return 0;
}

/** `--history FILE`, else the reports folder's history file. */
function historyFileOption(value: unknown, paths: ReturnType<typeof reportsPaths>): string {
  return value === undefined ? paths.allureHistory : resolve(String(value));
}

async function printHelp(command: keyof typeof help): Promise<number> {
  console.log(await help[command]());
  return 0;
}

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  run: runCommand,
  init: initCommand,
  doctor: doctorCommand,
  rules: rulesCommand,
  mutants: mutantsCommand,
  reference: referenceCommand,
  load: loadCommand,
  report: reportCommand,
};

/**
 * `harness rules --json | head`: the reader closes the pipe early; what is left to print has no reader, so
 * the process ends at once, as Unix tools do, instead of dying on an EPIPE stack trace.
 */
function endQuietlyWhenReaderCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** Entry point: returns the exit code; harness errors print their code, message and fix. */
export async function main(argv: string[]): Promise<number> {
  endQuietlyWhenReaderCloses(process.stdout);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') return printHelp('main');
  const command = commands[name];
  try {
    if (!command) {
      const { didYouMean } = await import('../core/did-you-mean.ts');
      const closest = didYouMean(name, Object.keys(commands));
      throw new HarnessError(
        'USAGE',
        `Unknown command "${name}"${closest ? `: did you mean "${closest}"?` : ''}`,
        `use ${Object.keys(commands).join(', ')}`,
      );
    }
    const plugins = process.env.HARNESS_FAMILIES;
    if (plugins) {
      const { registerPluginFamilies } = await import('../families/index.ts');
      await registerPluginFamilies(plugins).catch((error: Error) => {
        throw new HarnessError(
          'CONFIG_INVALID',
          `HARNESS_FAMILIES: ${error.message}`,
          'give paths of modules whose default export is a family (see families/family.ts)',
        );
      });
    }
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
