import type { IncomingMessage } from 'node:http';
import { authenticate } from './auth.ts';
import { readJson } from './body.ts';
import type { BillingContext, Principal, RequestScope } from './context.ts';
import { idempotencyKey, requestScope, requireValidTrackId, type TrackId } from './headers.ts';
import type { OperationName, Reply } from './reply.ts';

/** The shared pipeline of the catalog operations: auth, header rules, body, idempotency, then the handler. */

export interface CatalogRequest {
  ctx: BillingContext;
  principal: Principal;
  scope: RequestScope;
  /** Parsed JSON, shape not yet checked. */
  body: unknown;
}

export type CatalogHandler = (request: CatalogRequest) => Reply;

export interface CatalogOptions {
  /**
   * Idempotency-Key handling: 'replay' (creating POSTs: validate, then replay retries),
   * 'validate-only' (POSTs that create nothing), 'ignore' (PUT: the header is not looked at).
   */
  idempotent: 'replay' | 'validate-only' | 'ignore';
}

export async function runCatalog(
  operation: OperationName,
  handler: CatalogHandler,
  options: CatalogOptions,
  req: IncomingMessage,
  ctx: BillingContext,
  trackId: TrackId | undefined,
): Promise<Reply> {
  const { behaviour } = ctx;
  // Auth comes first: an unauthenticated caller learns nothing about its headers or body.
  const principal = authenticate(req, ctx, operation);
  if (!behaviour.skipsHeaderRule(operation, 'track-id')) requireValidTrackId(trackId);
  const scope = requestScope(req, ctx.config, principal, behaviour, operation);
  const key = options.idempotent === 'ignore' ? undefined : idempotencyKey(req, behaviour, operation);
  const body = await readJson(req, behaviour.requestEncodings);

  const run = async () => handler({ ctx, principal, scope, body });
  if (key === undefined || options.idempotent !== 'replay') return run();
  // Same key, same client, same operation: the first reply is the answer.
  const entry = behaviour.idempotencyEntry({ clientId: principal.clientId, operation, key, trackId: trackId?.value });
  return behaviour.runIdempotent(ctx.idempotency, entry, run);
}
