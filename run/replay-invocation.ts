import { basename, resolve } from 'node:path';
import { shellWord } from '../client/shell-quote.ts';
import type { ReplayInvocation } from '../reporting/run-summary.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';
import type { CommandTarget } from '../targets/schema.ts';
import { commandArgv } from '../targets/launch-target.ts';

/**
 * The words that started this harness, made to run from any folder: `npx harness` when it runs from an installed
 * package (a dev dependency's node_modules/.bin link, or npx's own cache, whose path is of no use to a reader), else
 * `node /abs/path/bin/harness.js` (a checkout), so a pasted replay line runs the same harness.
 */
export function harnessInvocation(argv: readonly string[] = process.argv, execPath = process.execPath): string[] {
  const script = argv[1];
  if (!script || resolve(script).split(/[\\/]/).includes('node_modules')) return ['npx', 'harness'];
  const node = basename(execPath) === 'node' ? 'node' : execPath;
  return [node, resolve(script)];
}

/**
 * How a failure's replay line restarts the harness, where its reports go, and how the started target is started again.
 */
export function replayInvocation(
  target: ResolvedTarget,
  reportsDir: string,
  argv: readonly string[] = process.argv,
): ReplayInvocation {
  const started =
    target.entry.kind === 'command'
      ? {
          startedTarget: commandArgv((target.entry as CommandTarget).command)
            .map(shellWord)
            .join(' '),
        }
      : {};
  return {
    harness: harnessInvocation(argv),
    replayReports: resolve(reportsDir, 'replay'),
    startedIn: process.cwd(),
    ...started,
  };
}
