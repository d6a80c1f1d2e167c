import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { cursorModelStep } from '../../../../suites/custody/checks/cursor-model-step.ts';
import { cursorPage } from '../../../../suites/custody/checks/cursor-page.ts';
import { invalidCursorRefused } from '../../../../suites/custody/checks/invalid-cursor-refused.ts';
import { upgradeResult } from '../../../../suites/custody/checks/upgrade-result.ts';
import { exchange, failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const page = (result: unknown[], hasNext = true, hasPrevious = false) => ({
  result,
  cursor: { currentPage: 'abc+/=', hasNext, hasPrevious },
});

describe('cursor-page', () => {
  test('a 200 cursor page passes', () => {
    expect(judged(cursorPage, rule)(jsonExchange(200, page([{ id: 1 }]))).observations).toEqual({ items: 1 });
  });
  test('another status, a missing cursor flag and a body that is not JSON are violations', () => {
    violationOf(() => judged(cursorPage, rule)(jsonExchange(400, { code: 'E400' })), rule);
    expect(
      violationOf(
        () => judged(cursorPage, rule)(jsonExchange(200, { result: [], cursor: { currentPage: 'x', hasNext: false } })),
        rule,
      ).message,
    ).toContain('cursor.hasPrevious');
    violationOf(() => judged(cursorPage, rule)(exchange({ status: 200, body: 'nope' })), rule);
    violationOf(() => judged(cursorPage, rule)(failedExchange('TIMEOUT')), rule);
  });
});

describe('invalid-cursor-refused', () => {
  test('a 4xx holding the code passes whatever the body shape', () => {
    expect(
      judged(invalidCursorRefused, rule)(jsonExchange(400, { errors: [{ code: 'E900-INVALID_CURSOR_DATA' }] })).ruleId,
    ).toBe(rule);
    expect(judged(invalidCursorRefused, rule)(exchange({ status: 422, body: 'E900-INVALID_CURSOR_DATA' })).ruleId).toBe(
      rule,
    );
  });
  test('an accepted token, a 5xx and a 4xx without the code are violations', () => {
    violationOf(() => judged(invalidCursorRefused, rule)(jsonExchange(200, page([]))), rule);
    violationOf(
      () => judged(invalidCursorRefused, rule)(jsonExchange(500, { code: 'E900-INVALID_CURSOR_DATA' })),
      rule,
    );
    violationOf(() => judged(invalidCursorRefused, rule)(jsonExchange(400, { code: 'E400-BAD' })), rule);
  });
});

describe('cursor-model-step', () => {
  const expected = {
    step: 'NEXT',
    items: [JSON.stringify({ id: 'a' }), JSON.stringify({ id: 'b' })],
    hasNext: true,
    hasPrevious: true,
  };
  test('the page the model predicts passes', () => {
    expect(
      judged(
        cursorModelStep,
        rule,
      )({ exchange: jsonExchange(200, page([{ id: 'a' }, { id: 'b' }], true, true)), expected }).ruleId,
    ).toBe(rule);
  });
  test('a missing item, another order and a wrong flag are violations', () => {
    violationOf(
      () => judged(cursorModelStep, rule)({ exchange: jsonExchange(200, page([{ id: 'a' }], true, true)), expected }),
      rule,
    );
    violationOf(
      () =>
        judged(
          cursorModelStep,
          rule,
        )({ exchange: jsonExchange(200, page([{ id: 'b' }, { id: 'a' }], true, true)), expected }),
      rule,
    );
    expect(
      violationOf(
        () =>
          judged(
            cursorModelStep,
            rule,
          )({ exchange: jsonExchange(200, page([{ id: 'a' }, { id: 'b' }], false, true)), expected }),
        rule,
      ).message,
    ).toContain('hasNext');
  });
});

describe('upgrade-result', () => {
  test('200 with result an object, or without result, passes', () => {
    expect(judged(upgradeResult, rule)(jsonExchange(200, { result: { tx: '0x1' } })).observations).toEqual({
      resultPresent: true,
    });
    expect(judged(upgradeResult, rule)(jsonExchange(200, {})).observations).toEqual({ resultPresent: false });
  });
  test('result as an array or a string, and a non-200, are violations', () => {
    violationOf(() => judged(upgradeResult, rule)(jsonExchange(200, { result: ['x'] })), rule);
    violationOf(() => judged(upgradeResult, rule)(jsonExchange(200, { result: 'done' })), rule);
    violationOf(() => judged(upgradeResult, rule)(jsonExchange(201, { result: {} })), rule);
  });
});
