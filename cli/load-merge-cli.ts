import { parseArguments, printHelp } from './command.ts';
import { loadHelp } from './load-help.ts';

/* `harness load merge`: its options; merging and judging the results is cli/load-merge-command.ts. */

export const options = {
  output: { type: 'string' },
  reports: { type: 'string' },
  history: { type: 'string' },
  'allow-partial': { type: 'boolean' },
} as const;

/** Runs `harness load merge` on the arguments after `merge` (result files or folders, then options). */
export async function runLoadMergeCli(argv: string[]): Promise<number> {
  const parsed = parseArguments(argv, options, { positionals: true, fix: 'see harness load --help' });
  if (parsed.values.help) return printHelp(loadHelp);
  const { runLoadMerge } = await import('./load-merge-command.ts');
  const { reports, history, output } = parsed.values as Record<string, string | undefined>;
  return runLoadMerge(parsed.positionals, {
    ...(output ? { output } : {}),
    ...(reports ? { publish: { reportsDir: reports, ...(history ? { historyDir: history } : {}) } } : {}),
    allowPartial: parsed.values['allow-partial'] === true,
  });
}
