import type { IncomingMessage } from 'node:http';
import type { BillingConfig, BillingContext, Principal } from './context.ts';
import { header } from './headers.ts';
import { EarlyReply, type OperationName } from './reply.ts';

/** Bearer authentication of the catalog operations (ProxyUnauthorizedResponse on failure). */

export const unauthorized = new EarlyReply({
  status: 401,
  body: { message: 'Authentication error' },
  headers: { 'www-authenticate': 'Bearer' },
});

/** Who an operation acts for when it does not require a token: the tenant's default entity coverage. */
function anonymous(config: BillingConfig): Principal {
  const entities = config.tenant.entityIds;
  const entityIds = config.mode === 'multi' ? entities : config.mode === 'single-entity' ? entities.slice(0, 1) : [];
  return { clientId: '', entityIds };
}

export function authenticate(req: IncomingMessage, ctx: BillingContext, operation: OperationName): Principal {
  const { behaviour } = ctx;
  const token = behaviour.resolveBearer(header(req, 'authorization'), ctx.tokens, operation);
  if (token && token.uses < behaviour.tokenMaxUses) {
    token.uses++;
    return { clientId: token.clientId, entityIds: token.entityIds };
  }
  if (!behaviour.authRequired(operation)) return anonymous(ctx.config);
  throw unauthorized;
}
