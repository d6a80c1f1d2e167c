import type { IncomingMessage, ServerResponse } from 'node:http';
import { upgradeFields } from '../../rules/custody/endpoints.ts';
import type { CustodyBehaviour } from './behaviour.ts';
import type { ListingHandler } from './listing-handler.ts';
import { listingFor } from './listings.ts';
import { readBody, replyJson } from '../http-io.ts';
import { replyError } from './reply.ts';
import type { ErrorShape } from './dialect.ts';

const upgradePath = /^\/api\/rest\/v1\/capital\/contract-instances\/([^/]+)\/evm\/upgrade-proxy$/;

async function handleUpgrade(
  behaviour: CustodyBehaviour,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  let body: unknown;
  try {
    const text = (await readBody(req)).toString('utf8');
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    return replyError(res, 400, 'E400-INVALID_BODY', 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return replyError(res, 400, 'E400-INVALID_BODY', 'the body must be an object');
  const fields = body as Record<string, unknown>;
  const wrong = upgradeFields.find((field) => field in fields && !behaviour.upgradeValueAccepted(fields[field]));
  if (wrong) return replyError(res, 400, 'E400-INVALID_FIELD', `${wrong} must be a string`);
  replyJson(res, 200, { result: behaviour.upgradeResult(decodeURIComponent(id), fields) });
}

/** Routes a request under the custody prefix: bearer auth first, then the listing or the upgrade. */
export async function handleCustody(
  context: { behaviour: CustodyBehaviour; listings: ListingHandler; token: string; errorShape?: ErrorShape },
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const { behaviour } = context;
  const authorization = req.headers.authorization;
  if (
    behaviour.authRequired(path) &&
    (authorization === undefined || !behaviour.bearerAccepted(authorization, context.token))
  ) {
    return replyError(res, 401, 'E401-UNAUTHORIZED', 'a valid bearer token is required', context.errorShape);
  }
  const queryAt = (req.url ?? '').indexOf('?');
  const rawQuery = queryAt === -1 ? '' : (req.url ?? '').slice(queryAt + 1);
  const listing = listingFor(path);
  if (listing && req.method === 'GET') return context.listings.handle(res, listing, behaviour.readQuery(rawQuery));
  const upgrade = upgradePath.exec(path);
  if (upgrade && req.method === 'POST') return handleUpgrade(behaviour, req, res, upgrade[1] as string);
  replyError(res, 404, 'E404-NOT_FOUND', 'no such operation');
}
