import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceBillingAdapter } from '../../rules/billing/adapters/reference-adapter.ts';
import { BillingClient } from '../../suites/billing/client/billing-client.ts';
import { Redactor } from '../../core/redaction.ts';
import { families } from '../../families/index.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { tenantModeSchema } from '../../rules/billing/tenant-mode.ts';
import { targetSchemaFor } from '../../targets/schema.ts';

/** A stub billing target that records what reaches its token endpoint and can answer 429 first. */
function stubTarget(options: { rejectFirstTokenRequests: number; expiresIn: number }) {
  const tokenRequests: IncomingHttpHeaders[] = [];
  let issued = 0;
  const server = createServer((request, response) => {
    request.resume();
    if (request.url === '/billing/oauth/token') {
      tokenRequests.push(request.headers);
      if (tokenRequests.length <= options.rejectFirstTokenRequests) {
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
        return;
      }
      issued++;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: `token-${issued}`, expires_in: options.expiresIn }));
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ charge: { id: 'prpc_1', authorization: request.headers.authorization } }));
  });
  return { server, tokenRequests };
}

function clientFor(server: Server, tenant: Record<string, unknown> = {}) {
  const port = (server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}/billing`;
  const credentials = { clientId: '11111111-2222-3333-4444-555555555555', clientSecret: 'stub-secret' };
  const settings = targetSchemaFor(families()).parse({
    kind: 'url',
    families: { billing: { baseUrl, credentials } },
  }).client;
  return new BillingClient({
    baseUrl,
    credentials,
    tenant: tenantModeSchema.parse(tenant),
    adapter: referenceBillingAdapter,
    settings,
    tokenMinIntervalMs: 10,
    redactor: new Redactor(),
  });
}

describe('BillingClient obeys the caller rules of the token operation', () => {
  const stub = stubTarget({ rejectFirstTokenRequests: 1, expiresIn: 3600 });
  beforeAll(() => new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => stub.server.close(resolve)));

  test('one token serves many concurrent catalog requests; a 429 is waited out, not hammered', async () => {
    const client = clientFor(stub.server, {
      multiEntity: true,
      tokenEntityScope: 'single',
      entityIds: ['3f1c2a9e-5b7d-4e8a-9c0b-1d2e3f4a5b6c'],
    });
    try {
      const started = Date.now();
      const exchanges = await Promise.all(Array.from({ length: 40 }, () => client.send(op.createCharge, { json: {} })));
      expect(exchanges.every((exchange) => exchange.response?.status === 200)).toBe(true);
      // First attempt got 429 with Retry-After: 1, the retry got the token: two requests, one token, a pause of about a
      // second.
      expect(stub.tokenRequests.length).toBe(2);
      expect(await client.tokenSession.tokensIssued()).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      for (const headers of stub.tokenRequests) {
        expect(headers.authorization).toBeUndefined();
        expect(headers.apiaccesskeyid).toBeUndefined();
        expect(headers.apisecretaccesskey).toBeUndefined();
        // Tokens are per entity in this tenant mode: the token request names the entity.
        expect(headers['svc-entity-ids']).toBe('3f1c2a9e-5b7d-4e8a-9c0b-1d2e3f4a5b6c');
      }
    } finally {
      await client.close();
    }
  });
});

describe('BillingClient renews a token only when it is about to expire', () => {
  const stub = stubTarget({ rejectFirstTokenRequests: 0, expiresIn: 1 });
  beforeAll(() => new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => stub.server.close(resolve)));

  test('a short-lived token is fetched again once its lifetime is over', async () => {
    const client = clientFor(stub.server);
    try {
      await client.send(op.createCharge, { json: {} });
      await client.send(op.createCharge, { json: {} });
      expect(await client.tokenSession.tokensIssued()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await client.send(op.createCharge, { json: {} });
      expect(await client.tokenSession.tokensIssued()).toBe(2);
    } finally {
      await client.close();
    }
  });
});
