import { readFor } from './judged.ts';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { sharedChecks } from '../../checks/index.ts';
import { jsonOf, parsedWith, responseOf } from '../../checks/response-required.ts';
import { allRules, families } from '../../families/index.ts';
import { exchange, failedExchange, jsonExchange } from './exchanges.ts';
import { violationOf } from './violation.ts';

const rule = 'test.rule';

describe('responseOf', () => {
  test('returns the captured response', () => {
    const ok = exchange({ status: 204 });
    expect(readFor(responseOf, rule)(ok)).toBe(ok.response);
  });
  test('an error is a violation naming its code and message, even with a response', () => {
    const timedOut = failedExchange('TIMEOUT');
    expect(violationOf(() => readFor(responseOf, rule)(timedOut), rule, [timedOut]).message).toBe(
      'No usable response (TIMEOUT: TIMEOUT happened)',
    );
    const badGzip = failedExchange('BAD_GZIP', true);
    expect(violationOf(() => readFor(responseOf, rule)(badGzip), rule, [badGzip]).message).toContain('BAD_GZIP');
  });
  test('no response and no error is a violation', () => {
    const { response: _, ...empty } = exchange();
    expect(violationOf(() => readFor(responseOf, rule)(empty), rule).message).toContain('no response');
  });
});

describe('jsonOf', () => {
  test('parses the body', () => {
    expect(readFor(jsonOf, rule)(jsonExchange(200, { a: [1] }))).toEqual({ a: [1] });
  });
  test('a body that is not JSON is a violation naming the status, also when asked twice', () => {
    const notJson = exchange({ status: 502, body: '<html>' });
    expect(violationOf(() => readFor(jsonOf, rule)(notJson), rule, [notJson]).message).toContain('status 502');
    violationOf(() => readFor(jsonOf, rule)(notJson), rule);
  });
});

describe('parsedWith', () => {
  const schema = z.object({ charge: z.object({ id: z.string(), plans: z.array(z.object({ name: z.string() })) }) });
  const parse = (body: unknown) => schema.parse(body);

  test('returns what the parser returns', () => {
    const body = { charge: { id: 'c-1', plans: [{ name: 'p' }] } };
    expect(readFor(parsedWith, rule)(jsonExchange(200, body), parse)).toEqual(body);
  });
  test('a shape mismatch is a violation with every zod issue path', () => {
    const wrong = jsonExchange(200, { charge: { id: 5, plans: [{ name: 'p' }, { title: 'q' }] } });
    const violation = violationOf(() => readFor(parsedWith, rule)(wrong, parse), rule, [wrong]);
    expect(violation.message).toContain('expected record shape');
    expect(violation.message).toContain('charge.id:');
    expect(violation.message).toContain('charge.plans.1.name:');
  });
  test('a root-level mismatch is shown as (root)', () => {
    expect(violationOf(() => readFor(parsedWith, rule)(jsonExchange(200, [1]), parse), rule).message).toContain(
      '(root):',
    );
  });
  test('a parser that throws a plain error is a violation with its text', () => {
    const violation = violationOf(
      () =>
        readFor(parsedWith, rule)(jsonExchange(200, {}), () => {
          throw new Error('no identifier');
        }),
      rule,
    );
    expect(violation.message).toContain('no identifier');
  });
  test('a non-JSON body or a failed exchange is a violation before parsing', () => {
    let called = false;
    const spy = () => {
      called = true;
    };
    violationOf(() => readFor(parsedWith, rule)(exchange({ body: 'x' }), spy), rule);
    violationOf(() => readFor(parsedWith, rule)(failedExchange('TIMEOUT'), spy), rule);
    expect(called).toBe(false);
  });
});

describe('rules and checks', () => {
  /** The checks a family's rules can cite: the shared ones and the family's own. */
  const checksOf = async (family: ReturnType<typeof families>[number]): Promise<Readonly<Record<string, unknown>>> => ({
    ...sharedChecks,
    ...(await family.checks()),
  });

  test('every rule names a check that exists (shared, or of its family)', async () => {
    expect(families().length).toBeGreaterThan(0);
    for (const family of families()) {
      const checks = await checksOf(family);
      const missing = family.rules.filter((r) => !Object.hasOwn(checks, r.check)).map((r) => `${r.id} -> ${r.check}`);
      expect(missing, family.name).toEqual([]);
      for (const r of family.rules) expect(typeof checks[r.check], `${r.id} -> ${r.check}`).toBe('function');
    }
  });
  test('rule ids are unique', () => {
    const ids = allRules().map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
  test('every check is used by at least one rule', async () => {
    const used = new Set(allRules().map((r) => r.check));
    expect(Object.keys(sharedChecks).filter((name) => !used.has(name))).toEqual([]);
    for (const family of families()) {
      const usedByFamily = new Set(family.rules.map((r) => r.check));
      expect(
        Object.keys(await family.checks()).filter((name) => !usedByFamily.has(name)),
        family.name,
      ).toEqual([]);
    }
  });
});
