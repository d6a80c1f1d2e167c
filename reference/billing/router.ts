import { randomUUID } from 'node:crypto';
import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { runCatalog, type CatalogHandler, type CatalogOptions } from './catalog.ts';
import { createCharge, queryCharge, updateCharge } from './charges.ts';
import { acceptsGzip, encodeJson } from './compression.ts';
import type { BillingContext } from './context.ts';
import { header, readTrackId, requireValidTrackId, trackIdEcho, type TrackId } from './headers.ts';
import { createProduct } from './products.ts';
import { EarlyReply, InvalidRequest, type OperationName, type Reply } from './reply.ts';
import { issueToken, tokenErrorBody } from './token.ts';

/** Routes billing paths to operations, maps failures to each operation's documented error body, sends JSON. */

interface Operation {
  name: OperationName;
  /** The operation's documented 400 body. */
  errorBody(message: string, code: string): unknown;
  run(req: IncomingMessage, ctx: BillingContext, trackId: TrackId | undefined): Promise<Reply>;
}

interface Route {
  /** Every request to the path counts against the caller's rate limit, whatever its method or validity. */
  rateLimited?: boolean;
  methods: Partial<Record<string, Operation>>;
}

/** ProxyBadRequestResponse. */
function proxyBadRequest(message: string, code: string): unknown {
  return { success: false, reasons: [{ code, message }] };
}

/** CommonResponse, which also carries a process id. */
function commonResponse(message: string, code: string): unknown {
  return { success: false, processId: randomUUID(), reasons: [{ code, message }] };
}

const tokenOperation: Operation = {
  name: 'token',
  errorBody: tokenErrorBody,
  run: (req, ctx, trackId) => {
    requireValidTrackId(trackId);
    return issueToken(req, ctx);
  },
};

function catalogOperation(
  name: OperationName,
  handler: CatalogHandler,
  errorBody: Operation['errorBody'],
  options: CatalogOptions,
): Operation {
  return { name, errorBody, run: (req, ctx, trackId) => runCatalog(name, handler, options, req, ctx, trackId) };
}

const routes = new Map<string, Route>([
  ['/oauth/token', { rateLimited: true, methods: { POST: tokenOperation } }],
  [
    '/commerce/charges',
    {
      methods: {
        POST: catalogOperation('createCharge', createCharge, proxyBadRequest, { idempotent: 'replay' }),
        PUT: catalogOperation('updateCharge', updateCharge, commonResponse, { idempotent: 'ignore' }),
      },
    },
  ],
  [
    '/commerce/charges/query',
    // The query validates Idempotency-Key like every POST but never replays: it has nothing to protect.
    {
      methods: { POST: catalogOperation('queryCharge', queryCharge, proxyBadRequest, { idempotent: 'validate-only' }) },
    },
  ],
  [
    '/commerce/products',
    { methods: { POST: catalogOperation('createProduct', createProduct, proxyBadRequest, { idempotent: 'replay' }) } },
  ],
]);

function early(status: number, body: unknown, headers?: Record<string, string>): EarlyReply {
  return new EarlyReply({ status, body, ...(headers && { headers }) });
}

function resolve(req: IncomingMessage, ctx: BillingContext, path: string): Operation {
  const route = routes.get(path);
  if (!route) throw early(404, { message: 'Not Found' });
  if (route.rateLimited && ctx.behaviour.tokenRateLimited(req)) {
    const decision = ctx.tokenLimiter.hit(req.socket.remoteAddress ?? '');
    if (!decision.allowed) {
      throw early(429, { error: 'rate_limited' }, { 'retry-after': String(decision.retryAfterSeconds) });
    }
  }
  const operation = route.methods[req.method ?? ''];
  if (!operation) throw early(405, { message: 'Method Not Allowed' }, { allow: Object.keys(route.methods).join(', ') });
  return operation;
}

/** Any failure becomes a documented answer; an unexpected exception is still the caller's bad request, never a 5xx. */
function failureReply(error: unknown, operation: Operation | undefined, ctx: BillingContext): Reply {
  if (error instanceof EarlyReply) return error.reply;
  const invalid = error instanceof InvalidRequest ? error : new InvalidRequest('request could not be processed');
  if (!operation) return { status: 400, body: { message: invalid.message } };
  return {
    status: ctx.behaviour.invalidStatus(operation.name, invalid.kind),
    body: operation.errorBody(invalid.message, invalid.code),
  };
}

/** Drops header values node would refuse to send (a faulty echo must not turn into a crash). */
function sendable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => {
      try {
        validateHeaderName(name);
        validateHeaderValue(name, value);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: BillingContext;
  trackId: TrackId | undefined;
}

function send({ req, res, ctx, trackId }: Exchange, reply: Reply, operation: Operation | undefined): void {
  const { behaviour } = ctx;
  const gzipAccepted =
    acceptsGzip(header(req, 'accept-encoding')) && !behaviour.skipsHeaderRule(operation?.name, 'gzip');
  const encoded = encodeJson(reply.body, gzipAccepted, behaviour.gzipThresholdBytes);
  const headers = sendable({
    'content-type': behaviour.contentType(operation?.name, reply.status),
    vary: 'Accept-Encoding',
    ...trackIdEcho(trackId, behaviour, operation?.name),
    ...reply.headers,
    ...encoded.headers,
    'content-length': String(encoded.payload.length),
  });
  res.writeHead(reply.status, headers);
  res.end(encoded.payload);
}

/** Handles one request whose path lies under the billing prefix (`path` is the rest after the prefix). */
export async function handleBilling(
  ctx: BillingContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const trackId = readTrackId(req, ctx.behaviour);
  let operation: Operation | undefined;
  let reply: Reply;
  try {
    operation = resolve(req, ctx, path);
    reply = await operation.run(req, ctx, trackId);
  } catch (error) {
    reply = failureReply(error, operation, ctx);
  }
  send({ req, res, ctx, trackId }, reply, operation);
}
