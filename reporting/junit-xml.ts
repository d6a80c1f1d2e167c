/**
 * junit.xml from the run summary: one testsuite per interface family, one testcase per rule. Written from the
 * outcomes rather than by vitest's reporter so that it can be written as rules finish, and a killed run leaves
 * a valid file with what had finished.
 *
 * Valid against the JUnit 4 schema Jenkins reads (junit-4.xsd): `skipped` carries its reason as text (it has
 * no attributes), `testsuites` counts only tests, failures, errors (and time), and a testcase has no
 * properties, so each rule's statement is a property of its family's testsuite. The testcase name is the rule
 * id alone: a CI's test history follows a stable name, whatever the statement's wording becomes.
 */
import { failureText } from '../engine/failure-text.ts';
import { notRunReason, replaySettingsOf, type RuleSummary, type RunSummary } from './run-summary.ts';

/** Characters XML 1.0 cannot carry at all, escaped or not. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xml(text: string): string {
  return text
    .replace(notXmlChar, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}

interface Case {
  ruleId: string;
  /** The statement shown as the suite's property, when it is not a rule's (the preflight). */
  statement?: string;
  family: string;
  xml: string;
  failed: boolean;
  broken: boolean;
  skipped: boolean;
  seconds: number;
}

function testcaseOpen(ruleId: string, classname: string, seconds: number): string {
  return `    <testcase classname="${xml(classname)}" name="${xml(ruleId)}" time="${seconds.toFixed(3)}">`;
}

function skippedCase(base: Omit<Case, 'xml'>, open: string, reason: string): Case {
  return { ...base, skipped: true, xml: `${open}\n      <skipped>${xml(reason)}</skipped>\n    </testcase>` };
}

function ruleCase(rule: RuleSummary, summary: RunSummary): Case {
  const seconds = (rule.durationMs ?? 0) / 1000;
  const open = testcaseOpen(rule.ruleId, `${rule.family} > ${rule.section}`, seconds);
  const replay = replaySettingsOf(summary);
  const base = { ruleId: rule.ruleId, family: rule.family, failed: false, broken: false, skipped: false, seconds };
  switch (rule.status) {
    case 'failed':
      return {
        ...base,
        failed: true,
        xml: `${open}\n      <failure message="${xml(firstLine(rule.message))}" type="${xml(rule.ruleId)}">${xml(failureText(rule, replay))}</failure>\n    </testcase>`,
      };
    case 'broken':
      return {
        ...base,
        broken: true,
        xml: `${open}\n      <error message="${xml(firstLine(rule.message))}" type="broken check">${xml(rule.message ?? '')}</error>\n    </testcase>`,
      };
    case 'blocked':
    case 'waived':
    case 'not-applicable':
      return skippedCase(base, open, `${rule.status}: ${rule.message ?? ''}`);
    default:
      return { ...base, xml: `${open}</testcase>` };
  }
}

/**
 * The JUnit document of a summary; `statementOf` gives a rule's statement, recorded as a property of its family's
 * suite.
 */
export function renderJUnit(summary: RunSummary, statementOf: (ruleId: string) => string): string {
  const cases = summary.rules.map((rule) => ruleCase(rule, summary));
  for (const ruleId of summary.notRun) {
    const family = ruleId.split('.')[0] ?? '';
    const base = { ruleId, family, failed: false, broken: false, skipped: false, seconds: 0 };
    cases.push(skippedCase(base, testcaseOpen(ruleId, family, 0), `not run: ${notRunReason(summary)}`));
  }
  for (const report of summary.preflight.filter((candidate) => candidate.problem !== undefined)) {
    const cause = `preflight of ${report.family} at ${report.url} failed: ${report.problem ?? ''}`;
    const ruleId = `${report.family}.preflight`;
    const open = testcaseOpen(ruleId, report.family, 0);
    cases.unshift({
      ruleId,
      statement: 'the base URL answers and the credentials are accepted',
      family: report.family,
      failed: false,
      broken: true,
      skipped: false,
      seconds: 0,
      xml: `${open}\n      <error message="${xml(firstLine(cause))}" type="preflight">${xml(cause)}</error>\n    </testcase>`,
    });
  }
  const count = (list: Case[]) => ({
    tests: list.length,
    failures: list.filter((item) => item.failed).length,
    errors: list.filter((item) => item.broken).length,
    skipped: list.filter((item) => item.skipped).length,
  });
  const suites = [...new Set(cases.map((item) => item.family))].map((family) => {
    const own = cases.filter((item) => item.family === family);
    const counts = count(own);
    const seconds = own.reduce((total, item) => total + item.seconds, 0);
    const properties = own.map(
      (item) =>
        `      <property name="${xml(item.ruleId)}" value="${xml(item.statement ?? statementOf(item.ruleId))}"/>`,
    );
    return [
      `  <testsuite name="${xml(family)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds.toFixed(3)}" timestamp="${xml(summary.startedAt)}">`,
      `    <properties>\n${properties.join('\n')}\n    </properties>`,
      ...own.map((item) => item.xml),
      '  </testsuite>',
    ].join('\n');
  });
  const all = count(cases);
  const time = (summary.durationMs / 1000).toFixed(3);
  const name = xml(
    `harness run: target ${summary.target}${summary.inProgress ? ' (in progress)' : summary.stoppedBy ? ` (stopped: ${summary.stoppedBy})` : ''}`,
  );
  const body = suites.length ? `\n${suites.join('\n')}\n` : '\n';
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="${name}" tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" time="${time}">${body}</testsuites>\n`;
}
