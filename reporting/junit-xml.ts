/**
 * junit.xml from the run summary: one testsuite per interface family, one testcase per rule. Written from the
 * outcomes rather than by vitest's reporter so that it can be written as rules finish, and a killed run leaves
 * a valid file with what had finished.
 */
import { failureText } from '../suites/support/failure-text.ts';
import { notRunReason, type RuleSummary, type RunSummary } from './run-summary.ts';

/** Characters XML 1.0 cannot carry at all, escaped or not. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xml(text: string): string {
  return text.replace(notXmlChar, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}

interface Case {
  family: string;
  xml: string;
  failed: boolean;
  broken: boolean;
  skipped: boolean;
  seconds: number;
}

function ruleCase(rule: RuleSummary, summary: RunSummary, statementOf: (ruleId: string) => string): Case {
  const name = xml(`${rule.ruleId}: ${statementOf(rule.ruleId)}`);
  const seconds = (rule.durationMs ?? 0) / 1000;
  const open = `    <testcase classname="${xml(`${rule.family} > ${rule.section}`)}" name="${name}" time="${seconds.toFixed(3)}">`;
  const replay = { targetsFile: summary.targetsFile, targetName: summary.target, seed: summary.seed, runs: summary.runs };
  const base = { family: rule.family, failed: false, broken: false, skipped: false, seconds };
  switch (rule.status) {
    case 'failed':
      return { ...base, failed: true, xml: `${open}\n      <failure message="${xml(firstLine(rule.message))}" type="${xml(rule.ruleId)}">${xml(failureText(rule, replay))}</failure>\n    </testcase>` };
    case 'broken':
      return { ...base, broken: true, xml: `${open}\n      <error message="${xml(firstLine(rule.message))}" type="broken check">${xml(rule.message ?? '')}</error>\n    </testcase>` };
    case 'blocked':
    case 'waived':
    case 'not-applicable':
      return { ...base, skipped: true, xml: `${open}\n      <skipped message="${xml(`${rule.status}: ${firstLine(rule.message)}`)}"/>\n    </testcase>` };
    default:
      return { ...base, xml: `${open}</testcase>` };
  }
}

/** The JUnit document of a summary; `statementOf` gives a rule's statement for the test name. */
export function renderJUnit(summary: RunSummary, statementOf: (ruleId: string) => string): string {
  const cases = summary.rules.map((rule) => ruleCase(rule, summary, statementOf));
  for (const ruleId of summary.notRun) {
    const family = ruleId.split('.')[0] ?? '';
    const reason = `not run: ${notRunReason(summary)}`;
    cases.push({ family, failed: false, broken: false, skipped: true, seconds: 0, xml: `    <testcase classname="${xml(family)}" name="${xml(`${ruleId}: ${statementOf(ruleId)}`)}" time="0">\n      <skipped message="${xml(reason)}"/>\n    </testcase>` });
  }
  for (const report of summary.preflight.filter((candidate) => candidate.problem !== undefined)) {
    const cause = `preflight of ${report.family} at ${report.url} failed: ${report.problem ?? ''}`;
    cases.unshift({ family: report.family, failed: false, broken: true, skipped: false, seconds: 0, xml: `    <testcase classname="${xml(report.family)}" name="${xml(`${report.family}.preflight`)}" time="0">\n      <error message="${xml(firstLine(cause))}" type="preflight">${xml(cause)}</error>\n    </testcase>` });
  }
  const count = (list: Case[]) => ({
    tests: list.length,
    failures: list.filter((item) => item.failed).length,
    errors: list.filter((item) => item.broken).length,
    skipped: list.filter((item) => item.skipped).length,
  });
  const attributes = (counts: ReturnType<typeof count>) => `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}"`;
  const suites = [...new Set(cases.map((item) => item.family))].map((family) => {
    const own = cases.filter((item) => item.family === family);
    const seconds = own.reduce((total, item) => total + item.seconds, 0);
    return `  <testsuite name="${xml(family)}" ${attributes(count(own))} time="${seconds.toFixed(3)}" timestamp="${xml(summary.startedAt)}">\n${own.map((item) => item.xml).join('\n')}\n  </testsuite>`;
  });
  const time = (summary.durationMs / 1000).toFixed(3);
  const name = xml(`harness run: target ${summary.target}${summary.inProgress ? ' (in progress)' : summary.stoppedBy ? ` (stopped: ${summary.stoppedBy})` : ''}`);
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="${name}" ${attributes(count(cases))} time="${time}">\n${suites.join('\n')}\n</testsuites>\n`;
}
