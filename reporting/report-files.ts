import { renameSync, writeFileSync } from 'node:fs';
import { renderJUnit } from './junit-xml.ts';
import { renderSummaryMarkdown } from './summary-markdown.ts';
import type { RunSummary } from './run-summary.ts';

/** Replaces a file in one step: a run killed while writing leaves the previous, whole file. */
export function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Writes junit.xml, summary.md and summary.json of a summary (a snapshot while the run goes on, or the final one). */
export function writeSummaryFiles(
  paths: { summary: string; summaryMarkdown: string; junit: string },
  summary: RunSummary,
  statementOf: (ruleId: string) => string,
): void {
  // summary.json last: a run killed between the writes leaves no summary.json without the others beside it.
  writeAtomically(paths.junit, renderJUnit(summary, statementOf));
  writeAtomically(paths.summaryMarkdown, renderSummaryMarkdown(summary));
  writeAtomically(paths.summary, `${JSON.stringify(summary, null, 2)}\n`);
}
