import type { ServerResponse } from 'node:http';
import { exchangeCodes } from '../../rules/exchange/limits.ts';
import type { OrderOutcome } from './behaviour.ts';
import type { ExchangeContext, Refusal } from './context.ts';

const maxBatchSize = 20;
const decimal = /^(?:\d+)(?:\.\d+)?$/;

/** The orders of a batch's body, or why the body is refused as a whole. */
export function batchOf(raw: Buffer): { orders: unknown[]; refusal?: undefined } | { refusal: Refusal } {
  const refused = (msg: string) => ({ refusal: { status: 400, code: exchangeCodes.parameterError, msg } });
  let orders: unknown;
  try {
    orders = JSON.parse(raw.toString('utf8'));
  } catch {
    return refused('Parameter error: the body is not JSON');
  }
  if (!Array.isArray(orders) || orders.length === 0)
    return refused('Parameter error: the body must be a non-empty array of orders');
  if (orders.length > maxBatchSize) return refused(`Parameter error: at most ${maxBatchSize} orders per batch`);
  return { orders };
}

/** Places one order of a batch against the account's balance: a valid, affordable order gets an ordId. */
export function placeOrder(exchange: ExchangeContext, raw: unknown, index: number, balance: number): OrderOutcome {
  const order = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const clOrdId = typeof order.clOrdId === 'string' ? order.clOrdId : '';
  const fail = (sCode: string, sMsg: string): OrderOutcome => ({ sCode, sMsg, clOrdId, ordId: '' });
  const wrongField = wrongFieldOf(exchange, order);
  if (wrongField) return fail(exchangeCodes.parameterError, `Parameter ${wrongField} error`);
  if (Number(order.sz) * Number(order.px) > balance) {
    const { sCode, sMsg } = exchange.behaviour.unaffordable;
    return fail(sCode, sMsg);
  }
  if (exchange.behaviour.validOrderFails(index)) return fail(exchangeCodes.parameterError, 'Parameter error');
  const ordId = exchange.newOrdId();
  exchange.remember({ ordId, clOrdId });
  return { sCode: exchangeCodes.success, sMsg: '', clOrdId, ordId };
}

/** The first field of an order that is missing or malformed, as the exchange names it in its message. */
function wrongFieldOf(exchange: ExchangeContext, order: Record<string, unknown>): string | undefined {
  const { instId, side, sz, px } = order;
  const lacking = exchange.dialect.requiredOrderFields.find(
    (field) => typeof order[field] !== 'string' || order[field] === '',
  );
  if (lacking) return lacking;
  if (typeof instId !== 'string' || !/^[A-Z0-9]+-[A-Z0-9]+$/.test(instId)) return 'instId';
  if (side !== 'buy' && side !== 'sell') return 'side';
  if (typeof sz !== 'string' || !decimal.test(sz) || Number(sz) <= 0) return 'sz';
  if (typeof px !== 'string' || !decimal.test(px) || Number(px) <= 0) return 'px';
  return undefined;
}

/**
 * Answers a placed batch: code 0 when every order succeeded; else the first failed item's code, or (in the real
 * exchange's dialect) "1" when every order failed and "2" when some did.
 */
export function answerBatch(exchange: ExchangeContext, res: ServerResponse, items: readonly OrderOutcome[]): void {
  const shown = items.map((item) => exchange.behaviour.itemShown(item));
  const failed = items.filter((item) => item.sCode !== exchangeCodes.success);
  if (failed.length === 0) return exchange.send(res, 200, exchangeCodes.success, '', shown);
  const code =
    exchange.dialect.batchCodes === 'all-or-partial'
      ? failed.length === items.length
        ? '1'
        : '2'
      : (failed[0] as OrderOutcome).sCode;
  exchange.send(res, 200, code, `${failed.length} of ${items.length} orders failed`, shown);
}
