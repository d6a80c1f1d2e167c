import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { renderJUnit } from '../../reporting/junit-xml.ts';
import { buildRunSummary } from '../../reporting/run-summary.ts';
import type { RuleOutcome } from '../../suites/support/rule-outcome.ts';

const outcome = (ruleId: string, status: RuleOutcome['status'], extra: Partial<RuleOutcome> = {}): RuleOutcome => ({
  ruleId,
  family: ruleId.split('.')[0] ?? '',
  status,
  section: 'Billing > Endpoints',
  ...extra,
});

const summary = buildRunSummary({
  target: 'staging',
  targetsFile: '/work/targets.json',
  families: ['billing'],
  seed: 7,
  runs: 5,
  startedAt: new Date(),
  stoppedBy: 'max-time',
  inProgress: false,
  preflight: [],
  selectedRules: ['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e'],
  outcomes: [
    outcome('billing.a', 'passed'),
    outcome('billing.b', 'failed', { message: 'answered 200 <not 400> & "quoted"\nsecond line', evidence: [{ request: 'GET /x', response: 'HTTP/1.1 200\n\n\u0000\u0001 binary', curl: 'curl x' }] }),
    outcome('billing.c', 'broken', { message: 'check raised' }),
    outcome('billing.d', 'waived', { message: 'gateway' }),
  ],
  errors: [],
});

describe('junit.xml from the summary', () => {
  const text = renderJUnit(summary, (ruleId) => `statement of ${ruleId}`);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);
  const cases = [parsed.testsuites.testsuite.testcase].flat() as Record<string, any>[];

  test('is well-formed XML whatever the messages and evidence hold (markup, control characters)', () => {
    expect(XMLValidator.validate(text)).toBe(true);
  });

  test('one case per rule with its statement; counts per suite and overall', () => {
    expect(cases.map((item) => item.name)).toEqual(['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e'].map((id) => `${id}: statement of ${id}`));
    expect(parsed.testsuites).toMatchObject({ tests: '5', failures: '1', errors: '1', skipped: '2' });
    expect(parsed.testsuites.testsuite).toMatchObject({ name: 'billing', tests: '5', failures: '1', errors: '1', skipped: '2' });
  });

  test('a failure carries its first message line and the whole failure text with the replay line; broken is an error', () => {
    expect(cases[1]?.failure.message).toBe('answered 200 <not 400> & "quoted"');
    expect(cases[1]?.failure['#text']).toContain('replay: npx harness run --targets /work/targets.json --target staging --suite billing --rule billing.b --seed 7 --runs 5');
    expect(cases[2]?.error.message).toBe('check raised');
  });

  test('waived and not-run rules are skipped with the reason', () => {
    expect(cases[3]?.skipped.message).toBe('waived: gateway');
    expect(cases[4]?.skipped.message).toBe('not run: the run reached its deadline (--max-time)');
  });
});
