import { appendFileSync } from 'node:fs';
import { firstEvidenceLine } from './summary-markdown.ts';
import type { RunSummary } from './run-summary.ts';

/** Workflow-command escaping (GitHub's toolkit `escapeData` / `escapeProperty`): a message stays one command. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One `::error` line per failed rule (title: the rule id), one `::warning` per broken rule: the annotations of a GitHub
 * Actions job.
 */
export function gitHubAnnotations(summary: RunSummary): string[] {
  return summary.rules.flatMap((rule) => {
    if (rule.status !== 'failed' && rule.status !== 'broken') return [];
    const command = rule.status === 'failed' ? 'error' : 'warning';
    const title = rule.status === 'failed' ? rule.ruleId : `${rule.ruleId} (harness broken)`;
    return [
      `::${command} title=${escapeProperty(title)}::${escapeData(`${rule.section}: ${firstEvidenceLine(rule)}`)}`,
    ];
  });
}

/**
 * Under GitHub Actions (`GITHUB_ACTIONS=true`), appends the run's Markdown summary to the job summary file
 * (`GITHUB_STEP_SUMMARY`) and prints an annotation per failed rule; elsewhere does nothing.
 */
export function publishToGitHubActions(
  summary: RunSummary,
  markdown: string,
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
  for (const line of gitHubAnnotations(summary)) print(line);
}
