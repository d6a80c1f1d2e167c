/**
 * Where a command's findings are written for a reader (files beside each other, the Allure results, the CI's job
 * summary): the run and load commands hand their findings to a list of sinks instead of calling each writer. Writes
 * are synchronous: a run being ended by a signal must have written everything before its process exits.
 */
export interface ReportSink<Findings> {
  /** What the sink writes, in words ("summary.json, junit.xml and summary.md"). */
  readonly writes: string;
  write(findings: Findings): void;
}

/** Hands the findings to every sink, in order. */
export function handTo<Findings>(sinks: readonly ReportSink<Findings>[], findings: Findings): void {
  for (const sink of sinks) sink.write(findings);
}
