import { judged } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import type { OrderDraft } from '../../../../rules/exchange/adapters/orders.ts';
import type { ExpectedOrder } from '../../../../rules/exchange/adapters/orders.ts';
import { batchItemsFail, batchItemsSucceed } from '../../../../suites/exchange/checks/batch.ts';
import { timestampWindow } from '../../../../suites/exchange/checks/auth.ts';
import { codesInRange } from '../../../../suites/exchange/checks/envelope.ts';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

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
];
const answer = (data: unknown, code = '2') => jsonExchange(200, { code, msg: 'partial', data });

function blockedOf(run: () => unknown): RuleBlocked {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleBlocked) return error;
    throw error;
  }
  throw new Error('expected the rule to be blocked');
}

describe('exchange rules read what they need leniently (one fault, one failed rule)', () => {
  test('a failed item without ordId breaks only the item-fields rule: success and failure rules still judge', () => {
    const data = [
      { clOrdId: 'a', sCode: '0', sMsg: '', ordId: '7' },
      { clOrdId: 'b', sCode: '51000', sMsg: 'side' },
    ];
    expect(judged(batchItemsSucceed, 'exchange.batch.item-success')(answer(data), orders).ruleId).toBe(
      'exchange.batch.item-success',
    );
    expect(judged(batchItemsFail, 'exchange.batch.item-failure')(answer(data), orders).ruleId).toBe(
      'exchange.batch.item-failure',
    );
  });

  test('no array of items, or an order without its item, blocks them by the item-fields rule', () => {
    expect(
      blockedOf(() => judged(batchItemsSucceed, 'exchange.batch.item-success')(answer({}), orders)).blockedBy,
    ).toEqual(['exchange.batch.item-fields']);
    expect(
      blockedOf(() =>
        judged(batchItemsFail, 'exchange.batch.item-failure')(answer([{ clOrdId: 'a', sCode: '0' }]), orders),
      ).missing,
    ).toContain('"b"');
  });

  test('a top-level code 1 or 2 that the item sCodes explain is not out of range; one without items is', () => {
    expect(judged(codesInRange, 'exchange.codes.range')(answer([{ clOrdId: 'b', sCode: '51000' }], '1')).ruleId).toBe(
      'exchange.codes.range',
    );
    violationOf(() => judged(codesInRange, 'exchange.codes.range')(answer([], '1')), 'exchange.codes.range');
  });

  test('within the window only a refusal for the timestamp breaks the timestamp rule; both edges are judged', () => {
    const order = (code: string) => jsonExchange(200, { code, msg: code === '0' ? '' : 'x', data: [] });
    const refused = jsonExchange(401, { code: '50102', msg: 'expired', data: [] });
    expect(
      judged(
        timestampWindow,
        'exchange.auth.timestamp',
      )([
        { offsetSeconds: 29, exchange: order('1') },
        { offsetSeconds: 31, exchange: refused },
      ]).ruleId,
    ).toBe('exchange.auth.timestamp');
    violationOf(
      () => judged(timestampWindow, 'exchange.auth.timestamp')([{ offsetSeconds: -29, exchange: refused }]),
      'exchange.auth.timestamp',
    );
    violationOf(
      () => judged(timestampWindow, 'exchange.auth.timestamp')([{ offsetSeconds: 31, exchange: order('0') }]),
      'exchange.auth.timestamp',
    );
  });
});
