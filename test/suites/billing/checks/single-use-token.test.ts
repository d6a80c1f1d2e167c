import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { referenceBillingAdapter } from '../../../../rules/billing/adapters/reference-adapter.ts';
import { SingleUseTokenDiagnosis } from '../../../../suites/billing/checks/single-use-token.ts';
import { BillingClient } from '../../../../suites/billing/client/billing-client.ts';
import { Redactor } from '../../../../core/redaction.ts';
import { PrerequisiteMissing } from '../../../../engine/rule-blocked.ts';
import { families } from '../../../../families/index.ts';
import { billingOperations as op } from '../../../../rules/billing/operations.ts';
import { tenantModeSchema } from '../../../../rules/billing/tenant-mode.ts';
import { targetSchemaFor } from '../../../../targets/schema.ts';

/** A stub billing target whose tokens work `maxUses` times each (0: never). */
function stubTarget(maxUses: number): Server {
  const uses = new Map<string, number>();
  let issued = 0;
  return createServer((request, response) => {
    request.resume();
    if (request.url === '/billing/oauth/token') {
      issued++;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: `token-${issued}`, expires_in: 3600 }));
      return;
    }
    const token = request.headers.authorization ?? '';
    const used = uses.get(token) ?? 0;
    uses.set(token, used + 1);
    if (used >= maxUses) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Authentication error"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"charge":{"id":"prpc_1"}}');
  });
}

async function clientFor(server: Server): Promise<BillingClient> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/billing`;
  const credentials = { clientId: '11111111-2222-3333-4444-555555555555', clientSecret: 'stub-secret' };
  const settings = targetSchemaFor(families()).parse({
    kind: 'url',
    families: { billing: { baseUrl, credentials } },
  }).client;
  return new BillingClient({
    baseUrl,
    credentials,
    tenant: tenantModeSchema.parse({}),
    adapter: referenceBillingAdapter,
    settings,
    tokenMinIntervalMs: 10,
    redactor: new Redactor(),
    diagnoseRefusal: (probe) => new SingleUseTokenDiagnosis(probe),
  });
}

describe('a 401 to the session token, told apart', () => {
  let server: Server | undefined;
  let client: BillingClient | undefined;
  afterEach(async () => {
    await client?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  test('tokens that work once: the request misses a prerequisite billing.token.reusable judges, with the proof as evidence', async () => {
    server = stubTarget(1);
    client = await clientFor(server);
    expect((await client.send(op.createCharge, { json: {} })).response?.status).toBe(200);
    const missing = await client.send(op.createCharge, { json: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(PrerequisiteMissing);
    expect((missing as PrerequisiteMissing).judgedBy).toEqual(['billing.token.reusable']);
    expect((missing as PrerequisiteMissing).evidence.map((exchange) => exchange.response?.status)).toEqual([
      401, 200, 401,
    ]);
  });

  test('the rule that judges reuse gets the 401 itself', async () => {
    server = stubTarget(1);
    client = await clientFor(server);
    await client.send(op.createCharge, { json: {} });
    expect((await client.send(op.createCharge, { json: {}, judgesTokenReuse: true })).response?.status).toBe(401);
  });

  test('a target that refuses every token: the 401 stands, and the diagnosis is tried once per client', async () => {
    server = stubTarget(0);
    client = await clientFor(server);
    expect((await client.send(op.createCharge, { json: {} })).response?.status).toBe(401);
    expect((await client.send(op.createCharge, { json: {} })).response?.status).toBe(401);
    expect(await client.tokenSession.tokensIssued()).toBe(1);
  });
});
