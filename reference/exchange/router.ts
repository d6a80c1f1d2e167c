import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http-io.ts';
import { answerBatch, batchOf, placeOrder } from './batch-orders.ts';
import type { ExchangeContext } from './context.ts';
import { authenticate } from './signed-request.ts';

/** POST /api/v5/trade/batch-orders: a signed request, then its batch placed order by order. */
export async function handleExchange(
  exchange: ExchangeContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const route = path.split('?')[0];
  if (route !== '/api/v5/trade/batch-orders')
    return exchange.refuse(res, { status: 404, code: '50000', msg: 'Unknown endpoint' });
  if (req.method !== 'POST') return exchange.refuse(res, { status: 405, code: '50000', msg: 'Method not allowed' });
  const raw = await readBody(req);
  const authentication = authenticate(exchange, req, path, raw);
  if (authentication.refusal) return exchange.refuse(res, authentication.refusal);
  const batch = batchOf(raw);
  if (batch.refusal) return exchange.refuse(res, batch.refusal);
  const balance = exchange.balanceOf(authentication.account);
  answerBatch(
    exchange,
    res,
    batch.orders.map((order, index) => placeOrder(exchange, order, index, balance)),
  );
}
