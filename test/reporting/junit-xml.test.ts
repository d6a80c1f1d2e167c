import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { renderJUnit } from '../../reporting/junit-xml.ts';
import { outcomeOf as outcome, summaryWith } from '../support/summary-parts.ts';

const summary = summaryWith({
  stoppedBy: 'max-time',
  selectedRules: ['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e'],
  outcomes: [
    outcome('billing.a', 'passed'),
    outcome('billing.b', 'failed', {
      message: 'answered 200 <not 400> & "quoted"\nsecond line',
      evidence: [{ request: 'GET /x', response: 'HTTP/1.1 200\n\n\u0000\u0001 binary', curl: 'curl x' }],
    }),
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

  test('one case per rule named by its id alone (a stable name for CI history); the statement is a property of the family suite; counts per suite and overall', () => {
    expect(cases.map((item) => item.name)).toEqual(['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e']);
    const properties = [parsed.testsuites.testsuite.properties.property].flat() as { name: string; value: string }[];
    expect(properties).toEqual(
      ['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e'].map((id) => ({
        name: id,
        value: `statement of ${id}`,
      })),
    );
    expect(parsed.testsuites).toMatchObject({ tests: '5', failures: '1', errors: '1' });
    expect(parsed.testsuites.skipped).toBeUndefined();
    expect(parsed.testsuites.testsuite).toMatchObject({
      name: 'billing',
      tests: '5',
      failures: '1',
      errors: '1',
      skipped: '2',
    });
  });

  test('a failure carries its first message line and the whole failure text with the replay line; broken is an error', () => {
    expect(cases[1]?.failure.message).toBe('answered 200 <not 400> & "quoted"');
    expect(cases[1]?.failure['#text']).toContain(
      'replay: npx harness run --targets /work/targets.json --target staging --suite billing --rule billing.b --seed 7 --runs 5',
    );
    expect(cases[2]?.error.message).toBe('check raised');
  });

  test('waived and not-run rules are skipped with the reason', () => {
    expect(cases[3]?.skipped).toBe('waived: gateway');
    expect(cases[4]?.skipped).toBe('not run: the run reached its deadline (--max-time)');
  });
});

describe('junit.xml against the JUnit 4 schema Jenkins reads (xmllint)', () => {
  const schema = fileURLToPath(new URL('./fixtures/junit-4.xsd', import.meta.url));
  const xmllint = spawnSync('xmllint', ['--version']).error === undefined;
  const dir = mkdtempSync(join(tmpdir(), 'harness-junit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const validate = (name: string, document: string) => {
    const file = join(dir, name);
    writeFileSync(file, document);
    return spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' });
  };
  const every = summaryWith({
    families: ['billing', 'cdr'],
    inProgress: true,
    selectedRules: ['billing.a', 'billing.b', 'billing.c', 'billing.d', 'billing.e', 'cdr.f', 'cdr.g', 'cdr.h'],
    outcomes: [
      outcome('billing.a', 'passed'),
      outcome('billing.b', 'failed', {
        message: 'answered 200 <not 400> & "quoted"',
        evidence: [{ request: 'GET /x', response: 'HTTP/1.1 200\n\n\u0000 binary', curl: 'curl x' }],
      }),
      outcome('billing.c', 'broken', { message: 'check raised' }),
      outcome('billing.d', 'waived', { message: 'gateway' }),
      outcome('cdr.f', 'blocked', { blockedBy: ['billing.b'], message: 'no product id' }),
      outcome('cdr.g', 'not-applicable', { message: 'tenant' }),
    ],
  });

  test.skipIf(!xmllint)(
    'every outcome (passed, failed, broken, blocked, waived, not applicable, not run) validates',
    () => {
      const result = validate(
        'every.xml',
        renderJUnit(every, (ruleId) => `statement of ${ruleId} with <markup> & "quotes"`),
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('validates');
    },
  );

  test.skipIf(!xmllint)('a run with no outcome at all validates', () => {
    const empty = summaryWith({ families: [] });
    const result = validate(
      'empty.xml',
      renderJUnit(empty, () => ''),
    );
    expect(result.status, result.stderr).toBe(0);
  });

  test.skipIf(!xmllint)('the schema catches what Jenkins refuses (testsuites@skipped, skipped@message)', () => {
    const result = validate(
      'refused.xml',
      '<testsuites skipped="1"><testsuite name="x" tests="1"><testcase name="a"><skipped message="m"/></testcase></testsuite></testsuites>',
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/skipped/);
  });

  test.runIf(!xmllint)('skipped: xmllint is not installed (apt-get install -y libxml2-utils)', () => {
    console.warn(
      'junit-xml.test: xmllint not found (apt-get install -y libxml2-utils): the JUnit 4 schema checks are skipped',
    );
  });
});
