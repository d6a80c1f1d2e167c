import { HarnessError } from '../core/harness-error.ts';
import { type Command, parseArguments, printHelp } from './command.ts';
import { loadHelp } from './load-help.ts';
import { withHtmlReport } from './load-html.ts';
import { runLoadMergeCli } from './load-merge-cli.ts';
import { runLoadNightlyCli } from './load-nightly-cli.ts';
import { targetsFilePath } from '../run/paths.ts';

/*
 * `harness load <scenario>`: a probe by its name, or nightly or merge (cli/load-nightly-cli.ts,
 * cli/load-merge-cli.ts), each with options of its own; a probe's run is cli/load-command.ts.
 */

/** The options of a probe. */
export const options = {
  targets: { type: 'string' },
  target: { type: 'string' },
  reports: { type: 'string', default: 'reports' },
  segment: { type: 'string' },
  out: { type: 'string', multiple: true },
  html: { type: 'boolean' },
} as const;

async function runProbe(scenario: string, argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(loadHelp);
  if (values.segment !== undefined) {
    // A probe searches for one figure of one target (a limit, a threshold size): shares of it found apart add up to
    // nothing.
    throw new HarnessError(
      'USAGE',
      `${scenario} cannot be split into segments: it discovers a single limit of the target, which replicas probing apart would each see only a share of`,
      'run the probe on one machine; --segment is for harness load nightly',
    );
  }
  const { parseOutOptions } = await import('../load/outputs/parse-out-option.ts');
  const outputs = parseOutOptions(values.out as string[] | undefined);
  const { runLoadCommand } = await import('./load-command.ts');
  const code = await runLoadCommand({
    scenario,
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    reportsDir: String(values.reports),
    outputs,
  });
  return withHtmlReport(code, values.html === true, String(values.reports));
}

async function run(argv: string[]): Promise<number> {
  const [scenario, ...rest] = argv;
  if (!scenario || scenario === '--help' || scenario === '-h') return printHelp(loadHelp);
  if (scenario === 'merge') return runLoadMergeCli(rest);
  if (scenario === 'nightly') return runLoadNightlyCli(rest);
  return runProbe(scenario, rest);
}

export const loadCli: Command = {
  name: 'load',
  summary: 'load: token-rate-limit, exchange-rate-limit, gzip-threshold probes, nightly profiles, merge',
  help: loadHelp,
  run,
};
