import { gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import type { ReferenceMode } from '../../reference/billing/mode.ts';
import { referenceTenant } from '../../reference/billing/tenant.ts';
import { billingFamily } from '../../families/billing.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';

/** Test helpers: a started reference target with a raw HTTP client (undici request, so gzip stays visible). */

export const clientId = '0f4e3d2c-1b0a-4987-8654-3210fedcba98';
export const clientSecret = 'reference-secret-0123456789';
export const [entityA, entityB] = referenceTenant.entityIds;
export const [orgNorth, orgSouth] = referenceTenant.accessibleOrgs;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes as received on the wire. */
  raw: Buffer;
  /** Body text, gunzipped when the response says gzip. */
  text: string;
  json: any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Gzip the request body and say so. */
  gzip?: boolean;
}

export interface Target {
  reference: RunningReference;
  mode: ReferenceMode;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** A fresh token (the token body can be altered per field). */
  token(headers?: Record<string, string>): Promise<string>;
  /** The headers a catalog request needs in the target's mode, for a fresh token. */
  catalogHeaders(extra?: Record<string, string>): Promise<Record<string, string>>;
}

export const validTokenBody = { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' };

/** How a test target runs: the billing reference's mode, mutant and family options. */
export interface TargetOptions {
  /** Billing reference mode; default 'multi' (also with a mutant). */
  mode?: ReferenceMode;
  /** A billing mutant by name: the target then breaks that one rule. */
  mutant?: string;
  tokenTtlSeconds?: number;
  /** Token requests allowed per caller IP per fixed window; default generous (1000 per 1000 ms). */
  tokenRateLimit?: { requests: number; windowMs: number };
}

/** The fixed test credentials, in the env shape the reference reads them from (a fresh object per call). */
export function referenceEnv(): NodeJS.ProcessEnv {
  return { REFERENCE_CLIENT_ID: clientId, REFERENCE_CLIENT_SECRET: clientSecret };
}

export async function startTarget(options: TargetOptions = {}): Promise<Target> {
  const mode = options.mode ?? 'multi';
  // The billing reference alone: every other family's app would cost each start 30 times the CPU, and the
  // mutant probes start some fifteen hundred of these.
  const reference = await startReferenceServer({
    serve: [billingFamily],
    env: referenceEnv(),
    families: {
      billing: {
        mode,
        ...(options.mutant !== undefined && { mutant: options.mutant }),
        options: {
          tokenRateLimit: options.tokenRateLimit ?? { requests: 1000, windowMs: 1000 },
          ...(options.tokenTtlSeconds !== undefined && { tokenTtlSeconds: options.tokenTtlSeconds }),
        },
      },
    },
  });

  async function call(method: string, path: string, { headers = {}, body, gzip }: CallOptions = {}): Promise<Answer> {
    let payload: Buffer | undefined =
      body === undefined
        ? undefined
        : Buffer.isBuffer(body)
          ? body
          : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const sent = { ...headers };
    if (gzip && payload) {
      payload = gzipSync(payload);
      sent['content-encoding'] = 'gzip';
    }
    const res = await request(`${reference.baseUrls.billing}${path}`, {
      method: method as 'POST',
      headers: { ...(payload && { 'content-type': 'application/json' }), ...sent },
      ...(payload && { body: payload }),
    });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, raw, text, json };
  }

  async function token(headers: Record<string, string> = {}): Promise<string> {
    const answer = await call('POST', '/oauth/token', { body: validTokenBody, headers });
    if (answer.status < 200 || answer.status > 299)
      throw new Error(`token request failed: ${answer.status} ${answer.text}`);
    return answer.json.access_token;
  }

  async function catalogHeaders(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await token()}`,
      ...(mode === 'multi' && { 'svc-entity-ids': entityA! }),
      ...extra,
    };
  }

  return { reference, mode, call, token, catalogHeaders };
}

export interface StartedTarget {
  /** The target started in beforeAll. */
  readonly target: Target;
  /** Catalog headers for one fresh token, fetched once in beforeAll. */
  readonly headers: Record<string, string>;
}

export interface StartedTargetOptions extends TargetOptions {
  /** Fetch catalog headers in beforeAll (default true); false spends no token request. */
  catalogHeaders?: boolean;
}

/**
 * Registers, in the calling describe, a beforeAll that starts a target (and fetches its catalog headers once)
 * and an afterAll that closes it. Read `target` and `headers` from the returned object inside hooks and tests.
 */
export function useStartedTarget({ catalogHeaders = true, ...options }: StartedTargetOptions = {}): StartedTarget {
  let target: Target | undefined;
  let headers: Record<string, string> | undefined;
  beforeAll(async () => {
    target = await startTarget(options);
    if (catalogHeaders) headers = await target.catalogHeaders();
  });
  afterAll(() => target?.reference.close());
  return {
    get target() {
      if (!target)
        throw new Error('useStartedTarget: the target is started in beforeAll; read it inside hooks and tests');
      return target;
    },
    get headers() {
      if (!headers)
        throw new Error('useStartedTarget: catalog headers are fetched in beforeAll unless catalogHeaders is false');
      return headers;
    },
  };
}

export const flatCharge = {
  name: 'Support plan',
  chargeModel: 'FlatFee',
  defaultPricing: { currency: 'EUR', amount: 10 },
};

export const tieredCharge = {
  name: 'Storage',
  chargeModel: 'Tiered',
  defaultPricing: { currency: 'EUR', amount: 1 },
  rateCards: [
    { conditions: { region: 'eu', tier: 'gold' }, pricing: { currency: 'EUR', amount: 5 } },
    { conditions: { region: 'eu' }, pricing: { currency: 'EUR', amount: 7 } },
    { conditions: { region: 'us' }, pricing: { currency: 'USD', amount: 9 } },
  ],
};

export const validProduct = {
  name: 'Cloud',
  plans: [
    {
      name: 'Basic',
      charges: [
        { name: 'Traffic', model: 'usage', pricing: { currency: 'EUR', amount: 0.1 }, unitOfMeasure: 'GB' },
        { name: 'Seat', model: 'recurring', pricing: { currency: 'EUR', amount: 20 } },
        { name: 'Setup', model: 'other', pricing: { currency: 'EUR', amount: 50 } },
      ],
    },
  ],
};
