import { appendFileSync } from 'node:fs';
import type { LoadResult } from '../load/load-result.ts';
import { verdictFigureText } from './load-summary.ts';
import { inputLine, replayLine } from './failure-lines.ts';
import { firstEvidenceLine } from './summary-markdown.ts';
import type { RunSummary } from './run-summary.ts';

/** Workflow-command escaping (GitHub's toolkit `escapeData` / `escapeProperty`): a message stays one command. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One annotation: `::error title=...::message`, both escaped. */
export const annotation = (command: 'error' | 'warning', title: string, message: string) =>
  `::${command} title=${escapeProperty(title)}::${escapeData(message)}`;

/**
 * One `::error` line per failed rule (title: the rule id), one `::warning` per broken rule: the annotations of a GitHub
 * Actions job, each with the first line of its evidence, the failing input and the replay line.
 */
export function gitHubAnnotations(summary: RunSummary): string[] {
  return summary.rules.flatMap((rule) => {
    if (rule.status !== 'failed' && rule.status !== 'broken') return [];
    const input = inputLine(rule);
    // One annotation, several lines: what failed, the input and the replay line, as summary.md shows them.
    const message = [
      `${rule.section}: ${firstEvidenceLine(rule)}`,
      ...(rule.status === 'failed' && rule.quote ? [`breaks: ${rule.quote}`] : []),
      ...(input ? [`input: ${input}`] : []),
      `replay: ${replayLine(rule, summary)}`,
    ].join('\n');
    return [
      rule.status === 'failed'
        ? annotation('error', rule.ruleId, message)
        : annotation('warning', `${rule.ruleId} (harness broken)`, message),
    ];
  });
}

/**
 * A load run's annotations: one `::error` per failed threshold (title: operation and threshold, message: the figure
 * read in its unit) and one per response rule broken (title: the rule id, with the request that met it first), each
 * with the line that runs the command again when there is one. An interrupted run judged nothing: none.
 */
export function loadGitHubAnnotations(results: readonly LoadResult[], replay?: string): string[] {
  const withReplay = (message: string) => (replay ? `${message}\nreplay: ${replay}` : message);
  return results.flatMap((result) => {
    if (result.interrupted) return [];
    return [
      ...result.thresholds
        .filter((verdict) => !verdict.passed)
        .map((verdict) =>
          annotation(
            'error',
            `${result.scenario}: ${verdict.threshold}`,
            withReplay(`threshold failed: actual ${verdictFigureText(verdict)}`),
          ),
        ),
      ...result.violations.map((violation) =>
        annotation(
          'error',
          violation.ruleId,
          withReplay(
            `${result.scenario}: ${violation.count} response(s) broke it: ${violation.message}\ninput: request ${violation.sample.label}, answered ${violation.sample.status}`,
          ),
        ),
      ),
    ];
  });
}

/**
 * Under GitHub Actions (`GITHUB_ACTIONS=true`), appends a command's Markdown summary to the job summary file
 * (`GITHUB_STEP_SUMMARY`) and prints its annotations; elsewhere does nothing.
 */
export function publishToGitHubActions(
  markdown: string,
  annotations: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
  for (const line of annotations) print(line);
}
