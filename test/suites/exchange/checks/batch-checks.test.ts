import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import type { OrderDraft } from '../../../../rules/exchange/adapters/orders.ts';
import type { ExpectedOrder } from '../../../../rules/exchange/adapters/orders.ts';
import { batchItemFields, batchItemsFail, batchItemsSucceed } from '../../../../suites/exchange/checks/batch.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const draft = (clOrdId: string): OrderDraft => ({
  instrument: 'BTC-USDT',
  side: 'buy',
  size: '1',
  price: '10',
  clOrdId,
});
const orders: ExpectedOrder[] = [
  { order: draft('a'), expect: '0', why: 'valid' },
  { order: draft('b'), expect: '51000', why: 'bad side' },
  { order: draft('c'), expect: '51008', why: 'unaffordable' },
];
const item = (clOrdId: string, sCode: string, extra: Record<string, unknown> = {}) => ({
  clOrdId,
  sCode,
  sMsg: sCode === '0' ? '' : 'why',
  ordId: sCode === '0' ? `o-${clOrdId}` : '',
  ...extra,
});
const conformant = [item('a', '0'), item('b', '51000'), item('c', '51008')];
const answer = (data: unknown[], code = '0') => jsonExchange(200, { code, msg: code === '0' ? '' : 'partial', data });

describe('batch item checks on a conformant answer', () => {
  test('fields, successes and failures pass, whatever the item order', () => {
    const reordered = answer([...conformant].reverse());
    expect(judged(batchItemFields, rule)(reordered, orders).ruleId).toBe(rule);
    expect(judged(batchItemsSucceed, rule)(reordered, orders).ruleId).toBe(rule);
    expect(judged(batchItemsFail, rule)(reordered, orders).ruleId).toBe(rule);
  });

  test('a top-level "0" over failed items is observed, not failed; a non-zero one is not observed', () => {
    expect(judged(batchItemsFail, rule)(answer(conformant), orders).observations).toMatchObject({
      'top-level "0" with failed items': expect.stringMatching(
        /^\d+ of \d+ items failed under code "0"; only sCode tells$/,
      ),
    });
    expect(
      judged(batchItemsFail, rule)(answer(conformant, '51000'), orders).observations?.[
        'top-level "0" with failed items'
      ],
    ).toBeUndefined();
  });
});

describe('batch-item-fields', () => {
  test.each([
    ['an item missing', [conformant[0], conformant[1]]],
    ['an item repeated', [...conformant, conformant[0]]],
    ['an unknown clOrdId', [...conformant.slice(0, 2), item('z', '51008')]],
    ['sCode a number', [conformant[0], conformant[1], item('c', '51008', { sCode: 51008 })]],
    ['ordId absent', [conformant[0], conformant[1], item('c', '51008', { ordId: undefined })]],
    ['sMsg absent', [conformant[0], item('b', '51000', { sMsg: undefined }), conformant[2]]],
  ])('%s is a violation', (_, data) => {
    const broken = answer(data);
    violationOf(() => judged(batchItemFields, rule)(broken, orders), rule, [broken]);
  });

  test('data not an array is a violation', () => {
    const broken = jsonExchange(200, { code: '0', msg: '', data: {} });
    violationOf(() => judged(batchItemFields, rule)(broken, orders), rule, [broken]);
  });
});

describe('batch-items-succeed', () => {
  test.each([
    ['sCode "00"', item('a', '0', { sCode: '00' })],
    ['sCode 51000', item('a', '51000')],
    ['an empty ordId', item('a', '0', { ordId: '' })],
  ])('a valid order with %s is a violation, even under top-level "0"', (_, wrong) => {
    const broken = answer([wrong, conformant[1], conformant[2]]);
    violationOf(() => judged(batchItemsSucceed, rule)(broken, orders), rule, [broken]);
  });
});

describe('batch-items-fail', () => {
  test.each([
    ['51000 given 51008', [conformant[0], conformant[1], item('c', '51000')]],
    ['success given to an invalid order', [conformant[0], item('b', '0'), conformant[2]]],
    ['an empty sMsg', [conformant[0], item('b', '51000', { sMsg: '' }), conformant[2]]],
  ])('%s is a violation', (_, data) => {
    const broken = answer(data);
    violationOf(() => judged(batchItemsFail, rule)(broken, orders), rule, [broken]);
  });
});
