import type { IncomingMessage } from 'node:http';
import type { TokenField } from './behaviour.ts';
import { readJson } from './body.ts';
import type { BillingContext } from './context.ts';
import { rejectForbiddenTokenHeaders, tokenEntityIds } from './headers.ts';
import { EarlyReply, InvalidRequest, type Reply } from './reply.ts';
import { isObject, own } from './validate.ts';

/** POST /oauth/token: client credentials in a JSON body, an opaque bearer token back. */

export function tokenErrorBody(message: string): unknown {
  return { error: 'invalid_request', error_description: message };
}

const invalidClient = new EarlyReply({ status: 401, body: { error: 'invalid_client' } });

const fieldRules: Record<TokenField, string> = {
  client_id: 'client_id must be exactly 36 characters',
  client_secret: 'client_secret must be at most 42 characters',
  grant_type: 'grant_type must be client_credentials',
};

function requiredString(body: Record<string, unknown>, field: TokenField, ctx: BillingContext): string {
  const value = own(body, field) ?? ctx.behaviour.tokenFieldDefaults[field];
  // The description names the field only: the secret's value is never echoed.
  if (typeof value !== 'string') throw new InvalidRequest(`${field} is required and must be a string`);
  return value;
}

export async function issueToken(req: IncomingMessage, ctx: BillingContext): Promise<Reply> {
  const { behaviour, config } = ctx;
  rejectForbiddenTokenHeaders(req, behaviour);
  const entityIds = tokenEntityIds(req, config, behaviour);

  const body = await readJson(req, behaviour.requestEncodings);
  if (!isObject(body)) throw new InvalidRequest('body must be a JSON object');
  const [clientId, clientSecret, grantType] = (['client_id', 'client_secret', 'grant_type'] as const).map((field) =>
    requiredString(body, field, ctx),
  ) as [string, string, string];

  const idCheck = behaviour.checkClientId(clientId, config.clientId);
  const secretCheck = behaviour.checkClientSecret(clientSecret, config.clientSecret);
  if (idCheck === 'malformed') throw new InvalidRequest(fieldRules.client_id);
  if (secretCheck === 'malformed') throw new InvalidRequest(fieldRules.client_secret);
  if (!behaviour.grantTypeAccepted(grantType)) throw new InvalidRequest(fieldRules.grant_type);
  if (idCheck !== 'ok' || secretCheck !== 'ok') throw invalidClient;

  const token = ctx.tokens.issue(config.clientId, entityIds, config.tokenTtlSeconds, behaviour.tokenRevokesEarlier);
  return {
    status: behaviour.successStatus('token'),
    body: { access_token: token.value, token_type: 'bearer', expires_in: config.tokenTtlSeconds },
    headers: { 'cache-control': 'no-store' },
  };
}
