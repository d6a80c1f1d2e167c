import { writeFileSync } from 'node:fs';
import type { AllureRunResults } from './allure-run-results.ts';
import { gitHubAnnotations, publishToGitHubActions } from './github-actions.ts';
import type { ReportSink } from './report-sink.ts';
import { writeSummaryFiles } from './report-files.ts';
import type { RunSummary } from './run-summary.ts';
import { renderSummaryMarkdown } from './summary-markdown.ts';
import { targetOutputText } from './target-output.ts';

/** What a conformance run hands its sinks: its summary as it stands, and, once it ended, what the reports add. */
export interface RunFindings {
  summary: RunSummary;
  /** When a stop was asked for (a signal, the deadline): tests that ended while it stopped are not run. */
  stopRequestedAt?: number;
  /** Set once the run ended: the facts of the Allure environment and the target's last output lines. */
  ended?: { environment: Readonly<Record<string, string>>; targetName: string; targetOutput: readonly string[] };
}

/** The folders and files a run's reports go to. */
export interface RunReportPaths {
  summary: string;
  summaryMarkdown: string;
  junit: string;
  allureResults: string;
  targetOutput: string;
}

/**
 * The sinks of a conformance run's findings, each writing its own files: summary.json, junit.xml and summary.md
 * (every snapshot and the last); the Allure results, once the run ended (held until then, so each file is written
 * once, with the blockers, the tests the stop cut and the target's output already known); the target's output.
 */
export function runReportSinks(
  paths: RunReportPaths,
  statementOf: (ruleId: string) => string,
  allure: AllureRunResults,
): ReportSink<RunFindings>[] {
  return [
    {
      writes: 'summary.json, junit.xml and summary.md',
      write: ({ summary }) => writeSummaryFiles(paths, summary, statementOf),
    },
    {
      writes: 'the Allure results, their attachments and environment, once the run ended',
      write: ({ summary, stopRequestedAt, ended }) => {
        if (ended)
          allure.write(paths.allureResults, {
            summary,
            ...(stopRequestedAt === undefined ? {} : { stopRequestedAt }),
            ...ended,
          });
      },
    },
    {
      writes: "the target's output beside the summary, when a rule failed or broke",
      write: ({ summary, ended }) => {
        const text = ended && targetOutputText(summary, ended.targetOutput);
        if (text) writeFileSync(paths.targetOutput, text);
      },
    },
  ];
}

/** The sink of the run's verdict in the CI: under GitHub Actions, the job summary and an annotation per failure. */
export function gitHubActionsSink(
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): ReportSink<Pick<RunFindings, 'summary'>> {
  return {
    writes: 'the job summary and an ::error per failed rule, under GitHub Actions',
    write: ({ summary }) =>
      publishToGitHubActions(renderSummaryMarkdown(summary), gitHubAnnotations(summary), env, print),
  };
}
