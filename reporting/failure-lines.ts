import { replayCommand } from '../engine/failure-text.ts';
import { replaySettingsOf, type RuleSummary, type RunSummary } from './run-summary.ts';

/** The most of a failing input a job summary or an annotation shows: the whole is in summary.json and the report. */
export const maxInputChars = 300;

/** A failing input on one line, cut at maxInputChars (the cut said), or undefined when the rule recorded none. */
export function inputLine(rule: Pick<RuleSummary, 'input'>): string | undefined {
  if (rule.input === undefined || rule.input === '') return undefined;
  const flat = rule.input.replace(/\s*\r?\n\s*/g, ' ');
  return flat.length > maxInputChars
    ? `${flat.slice(0, maxInputChars)}… (${flat.length} characters: the whole in summary.json)`
    : flat;
}

/** The line that reruns exactly this rule with exactly its cases, as the run was started (`npx harness …`, or a checkout's `node …/bin/harness.js`). */
export function replayLine(rule: RuleSummary, summary: RunSummary): string {
  return replayCommand(rule, replaySettingsOf(summary));
}

/** A code span of Markdown that holds any text: fenced by more backticks than the text's longest run of them. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 ? ' ' : '';
  return `${fence}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${fence}`;
}
