import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import {
  codeIsString,
  codesInRange,
  dataIsArray,
  fullyFailed,
  msgMatchesCode,
  successCode,
} from '../../../../suites/exchange/checks/envelope.ts';
import { exchange, failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const ok = (data: unknown[] = []) => jsonExchange(200, { code: '0', msg: '', data });
const refused = (code: unknown, msg: unknown = 'problem', data: unknown = []) => jsonExchange(400, { code, msg, data });

describe('code-is-string', () => {
  test('a string code passes, success or not', () => {
    expect(judged(codeIsString, rule)(ok()).ruleId).toBe(rule);
    expect(judged(codeIsString, rule)(refused('51000')).ruleId).toBe(rule);
  });

  test.each([[0], [51000], [null], [undefined], [['0']]])('code %j is a violation', (code) => {
    const broken = refused(code);
    violationOf(() => judged(codeIsString, rule)(broken), rule, [broken]);
  });

  test('no response, or a body that is not a JSON object, is a violation', () => {
    violationOf(() => judged(codeIsString, rule)(failedExchange('TIMEOUT')), rule);
    violationOf(() => judged(codeIsString, rule)(exchange({ body: 'not json' })), rule);
    violationOf(() => judged(codeIsString, rule)(jsonExchange(200, [{ code: '0' }])), rule);
  });
});

describe('success-code', () => {
  test('exactly "0" passes', () => expect(judged(successCode, rule)(ok()).ruleId).toBe(rule));

  test.each([['00'], [' 0'], ['0 '], [''], ['51000'], [51000]])(
    'code %j on a request that must succeed is a violation',
    (code) => {
      const broken = jsonExchange(200, { code, msg: '', data: [] });
      violationOf(() => judged(successCode, rule)(broken), rule, [broken]);
    },
  );

  test("the number 0 is judged by its value here: its type is the code-string rule's", () => {
    expect(judged(successCode, rule)(jsonExchange(200, { code: 0, msg: '', data: [] })).ruleId).toBe(rule);
  });

  test('a batch whose items failed is blocked by the item rules, not failed here', () => {
    const partly = jsonExchange(200, { code: '2', msg: 'partly', data: [{ sCode: '0' }, { sCode: '51000' }] });
    expect(() => judged(successCode, rule)(partly)).toThrow(RuleBlocked);
  });
});

describe('msg-matches-code', () => {
  test('empty on "0", non-empty otherwise, passes', () => {
    expect(judged(msgMatchesCode, rule)(ok()).ruleId).toBe(rule);
    // Success is read from the code's value: "00" and 0 are the code rules' to judge, not msg's.
    expect(judged(msgMatchesCode, rule)(jsonExchange(200, { code: '00', msg: '', data: [] })).ruleId).toBe(rule);
    expect(judged(msgMatchesCode, rule)(jsonExchange(200, { code: 0, msg: '', data: [] })).ruleId).toBe(rule);
    expect(judged(msgMatchesCode, rule)(refused('51000', 'bad size')).ruleId).toBe(rule);
  });

  test.each([
    ['non-empty on success', jsonExchange(200, { code: '0', msg: 'ok', data: [] })],
    ['empty on failure', refused('51000', '')],
    ['blank on failure', refused('50113', '  ')],
    ['absent', jsonExchange(200, { code: '0', data: [] })],
    ['not a string', refused('51000', 42)],
  ])('msg %s is a violation', (_, broken) => {
    violationOf(() => judged(msgMatchesCode, rule)(broken), rule, [broken]);
  });
});

describe('data-is-array', () => {
  test('an array passes, and an absent data on a failure', () => {
    expect(judged(dataIsArray, rule)(ok([{ sCode: '0' }])).ruleId).toBe(rule);
    expect(judged(dataIsArray, rule)(jsonExchange(400, { code: '51000', msg: 'bad' })).ruleId).toBe(rule);
  });

  test.each([
    ['absent on success', jsonExchange(200, { code: '0', msg: '' })],
    ['an object', refused('51000', 'bad', {})],
    ['null', refused('51000', 'bad', null)],
    ['a string', jsonExchange(200, { code: '0', msg: '', data: '[]' })],
  ])('data %s is a violation', (_, broken) => {
    violationOf(() => judged(dataIsArray, rule)(broken), rule, [broken]);
  });
});

describe('fully-failed', () => {
  test('a non-zero code with empty or absent data passes and reports the code', () => {
    expect(judged(fullyFailed, rule)(refused('50111')).observations).toEqual({ 'refusal code': '50111' });
    expect(judged(fullyFailed, rule)(jsonExchange(401, { code: '50113', msg: 'bad sign' })).ruleId).toBe(rule);
  });

  test.each([
    ['code "0"', ok()],
    ['items in data', refused('51000', 'bad', [{ sCode: '51000' }])],
    ['data an object', refused('51000', 'bad', {})],
  ])('a refusal with %s is a violation', (_, broken) => {
    violationOf(() => judged(fullyFailed, rule)(broken), rule, [broken]);
  });
});

describe('codes-in-range', () => {
  test('"0", 500xx and 510xx pass, top level and per item', () => {
    expect(judged(codesInRange, rule)(ok([{ sCode: '0' }, { sCode: '51008' }, { sCode: '51603' }])).ruleId).toBe(rule);
    expect(judged(codesInRange, rule)(refused('50011')).ruleId).toBe(rule);
    expect(judged(codesInRange, rule)(refused('51000')).ruleId).toBe(rule);
  });

  test.each([['1'], ['52000'], ['5000'], ['500000'], ['49999'], [1]])('top-level code %j is a violation', (code) => {
    const broken = refused(code);
    violationOf(() => judged(codesInRange, rule)(broken), rule, [broken]);
  });

  test('a zero in another form, or an in-range number, is left to the code-string and success-code rules', () => {
    for (const code of ['00', ' 0', 0, 51000]) expect(judged(codesInRange, rule)(refused(code)).ruleId).toBe(rule);
  });

  test('an out-of-range sCode of any item, the third included, is a violation', () => {
    const broken = ok([{ sCode: '0' }, { sCode: '51000' }, { sCode: '99' }]);
    expect(violationOf(() => judged(codesInRange, rule)(broken), rule, [broken]).message).toContain('data[2].sCode');
  });
});
