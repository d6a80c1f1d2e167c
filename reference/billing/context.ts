import type { ReferenceMode } from './mode.ts';
import type { Tenant } from './tenant.ts';
import type { BillingBehaviour } from './behaviour.ts';
import { IdempotencyStore } from './idempotency.ts';
import { FixedWindowLimiter } from '../fixed-window-limiter.ts';
import type { Charge } from './records.ts';
import { TokenStore } from './token-store.ts';

/** Everything one billing target instance knows: its configuration, its behaviour and its in-memory state. */

export interface BillingConfig {
  mode: ReferenceMode;
  tenant: Tenant;
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  tokenRateLimit: { requests: number; windowMs: number };
}

export interface BillingContext {
  config: BillingConfig;
  behaviour: BillingBehaviour;
  tokens: TokenStore;
  tokenLimiter: FixedWindowLimiter;
  idempotency: IdempotencyStore;
  charges: Map<string, Charge>;
  products: Map<string, unknown>;
}

/** Who is calling: the OAuth client behind the bearer token and the entities the token covers. */
export interface Principal {
  clientId: string;
  entityIds: readonly string[];
}

/** What a catalog request may see: one entity (or none) and a set of orgs (or no org filter in plain mode). */
export interface RequestScope {
  entityId: string | null;
  orgIds: readonly string[] | null;
}

export function createBillingContext(config: BillingConfig, behaviour: BillingBehaviour): BillingContext {
  return {
    config,
    behaviour,
    tokens: new TokenStore(),
    tokenLimiter: new FixedWindowLimiter(config.tokenRateLimit.requests, config.tokenRateLimit.windowMs),
    idempotency: new IdempotencyStore(),
    charges: new Map(),
    products: new Map(),
  };
}
