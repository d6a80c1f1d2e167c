import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LoadResult } from '../load/load-result.ts';
import { publishToGitHubActions } from './github-actions.ts';
import { type LoadAllureOptions, writeLoadAllureResult } from './load-allure.ts';
import type { LoadChart } from './load-charts.ts';
import type { ReportSink } from './report-sink.ts';
import { writeAtomically } from './report-files.ts';

/** A load command's verdict as CI reads it: its Markdown summary and one annotation per failure. */
export interface LoadVerdictFindings {
  markdown: string;
  annotations: readonly string[];
}

/**
 * The sinks of a load command's verdict: REPORTS/load/summary.md (when the command has a reports folder) and, under
 * GitHub Actions, the job summary and its annotations.
 */
export function loadVerdictSinks(
  summaryFile: string | undefined,
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): ReportSink<LoadVerdictFindings>[] {
  const file: ReportSink<LoadVerdictFindings>[] = summaryFile
    ? [
        {
          writes: 'load/summary.md',
          write: ({ markdown }) => {
            mkdirSync(dirname(summaryFile), { recursive: true });
            writeAtomically(summaryFile, markdown);
          },
        },
      ]
    : [];
  return [
    ...file,
    {
      writes: 'the job summary and an ::error per failure, under GitHub Actions',
      write: ({ markdown, annotations }) => publishToGitHubActions(markdown, annotations, env, print),
    },
  ];
}

/** Load runs as Allure tests: each run with its charts (drawn before they are handed over) and how it is named. */
export interface LoadRunFindings {
  runs: readonly { result: LoadResult; charts: readonly LoadChart[]; options: LoadAllureOptions }[];
}

/** The sink of load runs as Allure tests, one per run, in the Allure results folder. */
export function loadAllureSink(allureResults: string): ReportSink<LoadRunFindings> {
  return {
    writes: 'one Allure test per load run, with its charts',
    write: ({ runs }) => {
      for (const run of runs) writeLoadAllureResult(allureResults, run.result, run.charts, run.options);
    },
  };
}
