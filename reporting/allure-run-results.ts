import { FileSystemWriter, InMemoryWriter } from 'allure-js-commons/sdk/reporter';
import type { TestResult } from 'allure-js-commons';
import { randomUUID } from 'node:crypto';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import { writeAllureEnvironment } from './allure-environment.ts';
import { asBlocker, blockerRules } from './allure-blockers.ts';
import { crashedAllureResult } from './allure-crashed.ts';
import { asInterrupted } from './allure-interrupted.ts';
import { notRunReason, type RunSummary } from './run-summary.ts';
import { targetOutputText, withTargetOutput } from './target-output.ts';

/** What a run knows once it ended, which its Allure results say: the verdicts, the stop, the environment, the output. */
export interface AllureRunEnd {
  summary: RunSummary;
  /** When a stop was asked for (epoch ms): a test that ended from then on is not run. */
  stopRequestedAt?: number;
  environment: Readonly<Record<string, string>>;
  targetName: string;
  /** The target's last output lines, attached to every failed or broken test when a rule failed or broke. */
  targetOutput: readonly string[];
}

/**
 * A conformance run's Allure results, held while the run goes on and written once, when it ended: each rule's test
 * result as allure-vitest made it (reporting/allure-outcome-reporter.ts writes into `writer`), the results of rules a
 * dead worker left, and then what only the end knows (the tests the stop cut, the blockers, the target's output).
 * Nothing rewrites a result file: each is written whole, once.
 */
export class AllureRunResults {
  /** Where allure-vitest's reporter writes during the run: memory. */
  readonly writer = new InMemoryWriter();
  #written = false;

  /** Broken results for rules that have no test result of their own (a dead worker, a suite file's error). */
  addCrashed(outcomes: readonly RuleOutcome[], tag: string): void {
    const now = Date.now();
    for (const outcome of outcomes) this.writer.writeResult(crashedAllureResult(outcome, tag, now));
  }

  /** The results as the run's end makes them, in the order they were written. */
  finalResults(end: Omit<AllureRunEnd, 'environment'>): { results: TestResult[]; attachments: Map<string, Buffer> } {
    const blockers = blockerRules(end.summary);
    const reason = notRunReason(end.summary);
    const text = targetOutputText(end.summary, end.targetOutput);
    const output = text === undefined ? undefined : outputAttachment(end.targetName, end.targetOutput.length, text);
    const attachments = new Map(Object.entries(this.writer.attachments));
    if (output) attachments.set(output.source, output.content);
    const results = this.writer.tests.map((held) => {
      const stopped = end.stopRequestedAt === undefined ? held : asInterrupted(held, end.stopRequestedAt, reason);
      const marked = asBlocker(stopped, blockers);
      return output ? withTargetOutput(marked, output.reference) : marked;
    });
    return { results, attachments };
  }

  /** Writes the run's Allure results, their attachments and its environment into `resultsDir`, once. */
  write(resultsDir: string, end: AllureRunEnd): void {
    if (this.#written) return;
    this.#written = true;
    const files = new FileSystemWriter({ resultsDir });
    const { results, attachments } = this.finalResults(end);
    for (const [name, content] of attachments) files.writeAttachment(name, content);
    for (const group of this.writer.groups) files.writeGroup(group);
    for (const result of results) files.writeResult(result);
    writeAllureEnvironment(resultsDir, end.environment);
  }
}

/** The target's output as one text attachment, and how a result refers to it. */
function outputAttachment(targetName: string, lineCount: number, text: string) {
  const source = `${randomUUID()}-attachment.txt`;
  return {
    source,
    content: Buffer.from(text),
    reference: { name: `target ${targetName}: its last ${lineCount} output lines`, source, type: 'text/plain' },
  };
}
