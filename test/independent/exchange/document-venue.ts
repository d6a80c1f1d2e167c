import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBody, startLocalServer } from '../../support/local-server.ts';

/*
 * A small exchange written from document 3, part B (the envelope code/msg/data, per-item sCode/sMsg, the code
 * table, signed requests within 30 s, 50011 with HTTP 429) and the real exchange's published v5 REST
 * conventions where the document says "not shown" (the pre-hash timestamp + METHOD + path + body, HMAC-SHA256,
 * base64; a passphrase header; instId/side/ordType/sz/px/clOrdId orders with a trade mode; top-level codes
 * "1" and "2" for failed and partly failed batches), independently of the bundled reference: a second proof
 * of the exchange rules.
 */

export interface DocumentVenueOptions {
  apiKey: string;
  secretKey: string;
  passphrase: string;
  /** Requests one access key may make per second before 429 + 50011. Default 200. */
  requestsPerSecond?: number;
  /**
   * Answers the real exchange's more specific codes where it has one (50014 for an order field sent empty, 51001 for an
   * instrument it does not list, 51131 for an order the account cannot pay for) instead of 51000 and 51008. Default false.
   */
  specificCodes?: boolean;
  /**
   * Serves the real exchange's order details (GET /api/v5/trade/order), which document 3 does not show. Default true;
   * false answers it as the real exchange answers an endpoint it does not serve (404, code 50005).
   */
  orderDetails?: boolean;
}

export interface DocumentVenue {
  /** Where the interface is mounted (a gateway prefix before /api/v5). */
  baseUrl: string;
  close(): Promise<void>;
}

const toleranceMs = 30_000;
const instruments = new Set(['BTC-USDT', 'ETH-USDT']);
const sides = new Set(['buy', 'sell']);
const orderTypes = new Set(['limit', 'post_only']);
const tradeModes = new Set(['cash']);
/** What the one account holds: a buy needs sz x px of the quote currency, a sell sz of the base. */
const balance = { quote: 5_000_000, base: 250 };
const positiveDecimal = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const clientOrderId = /^[A-Za-z0-9]{1,32}$/;
const prefix = '/gateway';

interface Envelope {
  code: string;
  msg: string;
  data: unknown[];
}

/** The sCode and sMsg of one order, judged on its own. */
function judgeOrder(order: Record<string, unknown>, specificCodes = false): { sCode: string; sMsg: string } {
  const text = (key: string) => (typeof order[key] === 'string' ? (order[key] as string) : undefined);
  const [instId, side, ordType, tdMode, sz, px, clOrdId] = [
    'instId',
    'side',
    'ordType',
    'tdMode',
    'sz',
    'px',
    'clOrdId',
  ].map(text);
  const parameterError = (what: string) =>
    specificCodes && order[what] === ''
      ? { sCode: '50014', sMsg: `Parameter ${what} cannot be empty` }
      : { sCode: '51000', sMsg: `Parameter ${what} error` };
  if (specificCodes && instId && !instruments.has(instId))
    return { sCode: '51001', sMsg: 'Instrument ID does not exist' };
  if (!instId || !instruments.has(instId)) return parameterError('instId');
  if (!side || !sides.has(side)) return parameterError('side');
  if (!ordType || !orderTypes.has(ordType)) return parameterError('ordType');
  if (!tdMode || !tradeModes.has(tdMode)) return parameterError('tdMode');
  if (clOrdId !== undefined && !clientOrderId.test(clOrdId)) return parameterError('clOrdId');
  if (!sz || !positiveDecimal.test(sz) || Number(sz) <= 0) return parameterError('sz');
  if (!px || !positiveDecimal.test(px) || Number(px) <= 0) return parameterError('px');
  const affordable = side === 'buy' ? Number(sz) * Number(px) <= balance.quote : Number(sz) <= balance.base;
  return affordable
    ? { sCode: '0', sMsg: 'Order placed' }
    : specificCodes
      ? { sCode: '51131', sMsg: 'Insufficient balance' }
      : { sCode: '51008', sMsg: 'Order failed. Insufficient balance' };
}

export async function startDocumentVenue(options: DocumentVenueOptions): Promise<DocumentVenue> {
  const limit = options.requestsPerSecond ?? 200;
  const windows = new Map<string, { start: number; count: number }>();
  let orderNumber = 0;
  const placed = new Map<string, { ordId: string; clOrdId: string }>();

  const reply = (res: ServerResponse, httpStatus: number, envelope: Envelope, headers: Record<string, string> = {}) => {
    const payload = Buffer.from(JSON.stringify(envelope));
    res.writeHead(httpStatus, {
      'content-type': 'application/json;charset=UTF-8',
      'content-length': String(payload.length),
      ...headers,
    });
    res.end(payload);
  };
  const refuse = (res: ServerResponse, httpStatus: number, code: string, msg: string) =>
    reply(res, httpStatus, { code, msg, data: [] });

  const overLimit = (key: string, now: number) => {
    const window = windows.get(key);
    if (!window || now - window.start >= 1000) {
      windows.set(key, { start: now, count: 1 });
      return false;
    }
    window.count += 1;
    return window.count > limit;
  };

  const signatureOf = (timestamp: string, method: string, path: string, body: Buffer) =>
    createHmac('sha256', options.secretKey)
      .update(Buffer.concat([Buffer.from(`${timestamp}${method}${path}`), body]))
      .digest();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await requestBody(req);
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/api/v5/`)) return refuse(res, 404, '50000', 'Not found');
    // Signed from the API root: the gateway prefix is not part of the pre-hash.
    const path = url.slice(prefix.length);
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const key = header('ex-access-key');
    if (!key) return refuse(res, 401, '50103', 'Request header EX-ACCESS-KEY cannot be empty');
    if (key !== options.apiKey) return refuse(res, 401, '50111', 'Invalid EX-ACCESS-KEY');
    const passphrase = header('ex-access-passphrase');
    if (!passphrase) return refuse(res, 401, '50104', 'Request header EX-ACCESS-PASSPHRASE cannot be empty');
    if (passphrase !== options.passphrase) return refuse(res, 401, '50105', 'EX-ACCESS-PASSPHRASE incorrect');
    const timestamp = header('ex-access-timestamp');
    const at =
      timestamp && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(timestamp)
        ? Date.parse(timestamp)
        : Number.NaN;
    if (Number.isNaN(at)) return refuse(res, 401, '50112', 'Invalid EX-ACCESS-TIMESTAMP');
    const now = Date.now();
    if (Math.abs(now - at) > toleranceMs) return refuse(res, 401, '50102', 'Timestamp request expired');
    // Compared as the base64 text: decoding first would take a signature with its padding cut.
    const sent = Buffer.from(header('ex-access-sign') ?? '');
    const expected = Buffer.from(signatureOf(timestamp as string, req.method ?? '', path, body).toString('base64'));
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
      return refuse(res, 401, '50113', 'Invalid signature');
    if (overLimit(key, now))
      return reply(res, 429, { code: '50011', msg: 'Too Many Requests', data: [] }, { 'retry-after': '1' });

    if (req.method === 'GET' && path.startsWith('/api/v5/trade/order?') && options.orderDetails === false)
      return refuse(res, 404, '50005', 'API endpoint is inactive or unavailable');
    if (req.method === 'GET' && path.startsWith('/api/v5/trade/order?')) {
      // The real exchange's order details: the order, or 51603 for an id it never issued.
      const ordId = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('ordId') ?? '';
      const order = placed.get(ordId);
      return order
        ? reply(res, 200, { code: '0', msg: '', data: [{ ...order, state: 'live' }] })
        : reply(res, 200, { code: '51603', msg: 'Order does not exist', data: [] });
    }
    if (req.method !== 'POST' || path !== '/api/v5/trade/batch-orders') return refuse(res, 404, '50000', 'Not found');
    let orders: unknown;
    try {
      orders = JSON.parse(body.toString('utf8'));
    } catch {
      return refuse(res, 400, '50002', 'JSON syntax error');
    }
    if (!Array.isArray(orders) || orders.length === 0 || orders.length > 20)
      return refuse(res, 400, '51000', 'Parameter error: a batch is an array of 1 to 20 orders');
    const items = orders.map((order) => {
      const fields = typeof order === 'object' && order !== null ? (order as Record<string, unknown>) : {};
      const outcome = judgeOrder(fields, options.specificCodes);
      return {
        clOrdId: typeof fields.clOrdId === 'string' ? fields.clOrdId : '',
        ordId: outcome.sCode === '0' ? String(700_000_000 + ++orderNumber) : '',
        tag: typeof fields.tag === 'string' ? fields.tag : '',
        ...outcome,
      };
    });
    for (const item of items) if (item.ordId) placed.set(item.ordId, { ordId: item.ordId, clOrdId: item.clOrdId });
    const failed = items.filter((item) => item.sCode !== '0').length;
    if (failed === 0) return reply(res, 200, { code: '0', msg: '', data: items });
    if (failed === items.length) return reply(res, 200, { code: '1', msg: 'All operations failed', data: items });
    reply(res, 200, { code: '2', msg: 'Batch operation partially succeeded', data: items });
  };

  const server = await startLocalServer((req, res) => {
    handle(req, res).catch(() => refuse(res, 500, '50000', 'Internal error'));
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}${prefix}`,
    close: server.close,
  };
}
