import { parseArguments, printHelp } from './command.ts';
import { loadHelp } from './load-help.ts';
import { withHtmlReport } from './load-html.ts';
import { durationOption, integerOption } from './option-values.ts';
import { targetsFilePath } from '../run/paths.ts';

/* `harness load nightly`: its options; the nightly run is cli/load-nightly-command.ts. */

export const options = {
  targets: { type: 'string' },
  target: { type: 'string' },
  reports: { type: 'string', default: 'reports' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  history: { type: 'string' },
  segment: { type: 'string' },
  'start-at': { type: 'string' },
  'run-id': { type: 'string' },
  out: { type: 'string', multiple: true },
  html: { type: 'boolean' },
} as const;

/** Runs `harness load nightly` on the arguments after `nightly`. */
export async function runLoadNightlyCli(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(loadHelp);
  const { runNightly } = await import('./load-nightly-command.ts');
  const { parseSegment } = await import('../load/segment.ts');
  const { parseStartAt } = await import('../load/start-at.ts');
  const { loadProfileBounds } = await import('../targets/schema.ts');
  const { parseOutOptions } = await import('../load/outputs/parse-out-option.ts');
  const outputs = parseOutOptions(values.out as string[] | undefined);
  const rate = integerOption(values.rate, 'rate', loadProfileBounds.rate.min, loadProfileBounds.rate.max);
  const durationMs = durationOption(values.duration, 'duration', loadProfileBounds.durationSeconds.max);
  const code = await runNightly({
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    reportsDir: String(values.reports),
    ...(values.history ? { historyDir: String(values.history) } : {}),
    ...(rate ? { rate } : {}),
    ...(durationMs ? { durationSeconds: durationMs / 1000 } : {}),
    ...(values.segment ? { segment: parseSegment(String(values.segment)) } : {}),
    ...(values['start-at'] ? { startAt: parseStartAt(String(values['start-at'])) } : {}),
    ...(values['run-id'] ? { runId: String(values['run-id']) } : {}),
    outputs,
  });
  return withHtmlReport(code, values.html === true, String(values.reports));
}
