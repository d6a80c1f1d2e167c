import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http-io.ts';
import { answerBatch, batchOf, placeOrder } from './batch-orders.ts';
import type { ExchangeContext } from './context.ts';
import { authenticate } from './signed-request.ts';
import { exchangeCodes, orderDetailsPath } from '../../rules/exchange/codes.ts';

/** GET /api/v5/trade/order (the real exchange's order details): a signed request, then the order or 51603. */
async function orderDetails(
  exchange: ExchangeContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (req.method !== 'GET') return exchange.refuse(res, { status: 405, code: '50000', msg: 'Method not allowed' });
  const authentication = authenticate(exchange, req, path, await readBody(req));
  if (authentication.refusal) return exchange.refuse(res, authentication.refusal);
  // The path handed here is the pathname: the query is read from the request line.
  const ordId = new URL(req.url ?? '/', 'http://reference').searchParams.get('ordId') ?? '';
  const order = exchange.orderOf(ordId);
  if (order) return exchange.send(res, 200, exchangeCodes.success, '', [order]);
  const { code, msg } = exchange.behaviour.unknownOrder;
  exchange.send(res, 200, code, msg, []);
}

/** POST /api/v5/trade/batch-orders: a signed request, then its batch placed order by order. */
export async function handleExchange(
  exchange: ExchangeContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const route = path.split('?')[0];
  if (route === orderDetailsPath) return orderDetails(exchange, req, res, path);
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
