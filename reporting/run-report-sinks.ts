import { writeAllureEnvironment } from './allure-environment.ts';
import { markBlockersInAllureResults } from './allure-blockers.ts';
import { markInterruptedAllureResults } from './allure-interrupted.ts';
import { gitHubAnnotations, publishToGitHubActions } from './github-actions.ts';
import type { ReportSink } from './report-sink.ts';
import { writeSummaryFiles } from './report-files.ts';
import { notRunReason, type RunSummary } from './run-summary.ts';
import { renderSummaryMarkdown } from './summary-markdown.ts';
import { attachTargetOutput } from './target-output.ts';

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
 * The sinks of a conformance run's findings, in the order they are written: summary.json, junit.xml and summary.md
 * (every snapshot and the last); the Allure results marked (interrupted tests, blockers), their environment and the
 * target's output attached to failed tests (once the run ended).
 */
export function runReportSinks(
  paths: RunReportPaths,
  statementOf: (ruleId: string) => string,
): ReportSink<RunFindings>[] {
  return [
    {
      writes: 'summary.json, junit.xml and summary.md',
      write: ({ summary }) => writeSummaryFiles(paths, summary, statementOf),
    },
    {
      writes: 'the Allure results of tests that ended while the run stopped, marked not run',
      write: ({ summary, stopRequestedAt }) => {
        if (stopRequestedAt !== undefined && !summary.inProgress)
          markInterruptedAllureResults(paths.allureResults, stopRequestedAt, notRunReason(summary));
      },
    },
    {
      writes: 'the blocked rules in the Allure results, with their blockers, and the Allure environment',
      write: ({ summary, ended }) => {
        if (!ended) return;
        markBlockersInAllureResults(paths.allureResults, summary);
        writeAllureEnvironment(paths.allureResults, ended.environment);
      },
    },
    {
      writes: "the target's output, beside the summary and on every failed test, when a rule failed or broke",
      write: ({ summary, ended }) => {
        if (ended && summary.counts.failed + summary.counts.broken > 0)
          attachTargetOutput(paths, ended.targetOutput, ended.targetName);
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
