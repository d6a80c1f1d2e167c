import type { ExpectedOrder } from '../../../rules/exchange/adapters/orders.ts';
import { type BatchItem, isSuccessCode } from '../client/envelope.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { exchangeCodes, specificItemCodes } from '../../../rules/exchange/codes.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { envelopeOf } from './envelope.ts';

const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));

/**
 * The items of a batch answer, matched to the sent orders by clOrdId: one item per order, each with string
 * sCode, sMsg, clOrdId and ordId.
 */
export function itemsByOrder(exchange: Exchange, orders: readonly ExpectedOrder[]): Map<string, BatchItem> {
  const envelope = envelopeOf(exchange);
  if (!Array.isArray(envelope.data))
    throw new Violation(`data is ${shown(envelope.data)}, not an array of ${orders.length} items`, [exchange]);
  const byId = new Map<string, BatchItem>();
  for (const item of envelope.items) {
    for (const field of ['sCode', 'sMsg', 'clOrdId', 'ordId'] as const) {
      if (typeof item[field] !== 'string')
        throw new Violation(`data[${item.index}].${field} is ${shown(item[field])}, not a string`, [exchange]);
    }
    const clOrdId = item.clOrdId as string;
    if (byId.has(clOrdId)) throw new Violation(`data[${item.index}] repeats clOrdId ${shown(clOrdId)}`, [exchange]);
    if (!orders.some((order) => order.order.clOrdId === clOrdId))
      throw new Violation(`data[${item.index}] has clOrdId ${shown(clOrdId)}, which no sent order carries`, [exchange]);
    byId.set(clOrdId, item);
  }
  const missing = orders.filter((order) => !byId.has(order.order.clOrdId));
  if (missing.length)
    throw new Violation(
      `no item for the orders with clOrdId ${missing.map((order) => shown(order.order.clOrdId)).join(', ')} (${orders.length} sent, ${envelope.items.length} items)`,
      [exchange],
    );
  return byId;
}

/**
 * The item of each sent order, read leniently for the rules that judge only some item fields: matched by
 * clOrdId, nothing else required. Where data holds no array, or no item carries an order's clOrdId, the rule is
 * blocked by the item-fields rule, which judges exactly that (and fails when it is itself asking).
 */
export function itemsOfOrders(exchange: Exchange, orders: readonly ExpectedOrder[]): Map<string, BatchItem> {
  const envelope = envelopeOf(exchange);
  const judgedBy = ['exchange.batch.item-fields'] as const;
  if (!Array.isArray(envelope.data))
    throw new PrerequisiteMissing(
      judgedBy,
      `data is ${shown(envelope.data)}, not an array of the ${orders.length} items to judge`,
      [exchange],
    );
  const byId = new Map<string, BatchItem>();
  for (const expected of orders) {
    const item = envelope.items.find((candidate) => candidate.clOrdId === expected.order.clOrdId);
    if (!item)
      throw new PrerequisiteMissing(
        judgedBy,
        `no item carries clOrdId ${shown(expected.order.clOrdId)} (${orders.length} sent, ${envelope.items.length} items)`,
        [exchange],
      );
    byId.set(expected.order.clOrdId, item);
  }
  return byId;
}

/** Each item carries string sCode, sMsg, clOrdId and ordId, one per sent order. */
export function batchItemFields(exchange: Exchange, orders: readonly ExpectedOrder[]): Verdict {
  itemsByOrder(exchange, orders);
  return passed();
}

/** Orders that must succeed get sCode exactly "0" and a non-empty ordId, whatever the top-level code. */
export function batchItemsSucceed(exchange: Exchange, orders: readonly ExpectedOrder[]): Verdict {
  const items = itemsOfOrders(exchange, orders);
  for (const expected of orders.filter((order) => isSuccessCode(order.expect))) {
    const item = items.get(expected.order.clOrdId) as BatchItem;
    if (!isSuccessCode(item.sCode))
      throw new Violation(
        `order ${shown(expected.order.clOrdId)} (${expected.why}) got sCode ${shown(item.sCode)}, not "0"`,
        [exchange],
      );
    if (typeof item.ordId !== 'string' || item.ordId.trim() === '')
      throw new Violation(`order ${shown(expected.order.clOrdId)} succeeded without an ordId (${shown(item.ordId)})`, [
        exchange,
      ]);
  }
  return passed(topLevelObservation(exchange, items));
}

/**
 * The item codes an order that must fail may get: the document's (51000 parameter error, 51008 insufficient balance)
 * and the real exchange's more specific code for the same fault (an empty field 50014, an unknown instrument 51001, an
 * unaffordable order 51131). Pure.
 */
export function acceptedItemCodes(expected: ExpectedOrder): readonly string[] {
  if (expected.expect === exchangeCodes.insufficientBalance)
    return [expected.expect, specificItemCodes.insufficientBalance];
  if (expected.expect !== exchangeCodes.parameterError) return [expected.expect];
  const { instrument, side, size, price } = expected.order;
  return [
    expected.expect,
    ...([instrument, side, size, price].includes('') ? [specificItemCodes.emptyParameter] : []),
    ...(expected.why === 'bad-instrument' ? [specificItemCodes.unknownInstrument] : []),
  ];
}

/**
 * Orders that must fail get a code of their fault (the document's or the real exchange's more specific one) and a
 * non-empty sMsg; which code each fault met is observed.
 */
export function batchItemsFail(exchange: Exchange, orders: readonly ExpectedOrder[]): Verdict {
  const items = itemsOfOrders(exchange, orders);
  const met: Record<string, string> = {};
  for (const expected of orders.filter((order) => !isSuccessCode(order.expect))) {
    const item = items.get(expected.order.clOrdId) as BatchItem;
    const accepted = acceptedItemCodes(expected);
    if (typeof item.sCode !== 'string' || !accepted.includes(item.sCode))
      throw new Violation(
        `order ${shown(expected.order.clOrdId)} (${expected.why}) got sCode ${shown(item.sCode)}, not ${accepted.map(shown).join(' or ')}`,
        [exchange],
      );
    if (typeof item.sMsg !== 'string' || item.sMsg.trim() === '')
      throw new Violation(
        `order ${shown(expected.order.clOrdId)} failed with sCode ${shown(item.sCode)} but an empty sMsg`,
        [exchange],
      );
    met[`sCode of ${expected.why}`] = item.sCode;
  }
  return passed({ ...met, ...topLevelObservation(exchange, items) });
}

/** Not a failure: a top-level "0" over failed items would mislead a client that trusts the top-level code. */
function topLevelObservation(exchange: Exchange, items: Map<string, BatchItem>): Record<string, unknown> | undefined {
  const { code } = envelopeOf(exchange);
  const failed = [...items.values()].filter((item) => !isSuccessCode(item.sCode)).length;
  if (isSuccessCode(code) && failed > 0)
    return {
      'top-level "0" with failed items': `${failed} of ${items.size} items failed under code "0"; only sCode tells`,
    };
  return undefined;
}
