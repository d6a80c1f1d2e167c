import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceMode } from '../../reference/billing/mode.ts';
import {
  entityA,
  entityB,
  flatCharge,
  orgNorth,
  orgSouth,
  startTarget,
  useStartedTarget,
  type Target,
} from './support.ts';

const create = (target: Target, headers: Record<string, string>, body: unknown = flatCharge) =>
  target.call('POST', '/commerce/charges', { headers, body });

describe('catalog authentication', () => {
  const started = useStartedTarget({ catalogHeaders: false });

  it.each([
    ['missing', undefined],
    ['wrong scheme', 'Basic abc'],
    ['unknown token', 'Bearer not-a-token'],
    ['empty bearer', 'Bearer '],
  ])('answers 401 ProxyUnauthorizedResponse when the token is %s', async (_case, authorization) => {
    const headers: Record<string, string> = { 'svc-entity-ids': entityA!, ...(authorization && { authorization }) };
    for (const [method, path] of [
      ['POST', '/commerce/charges'],
      ['PUT', '/commerce/charges'],
      ['POST', '/commerce/charges/query'],
      ['POST', '/commerce/products'],
    ] as const) {
      const answer = await started.target.call(method, path, { headers, body: {} });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: 'Authentication error' });
    }
  });

  it('checks auth before headers and body', async () => {
    const answer = await started.target.call('POST', '/commerce/charges', {
      headers: { 'svc-track-id': 'x'.repeat(65), 'idempotency-key': '' },
      body: '{not json',
    });
    expect(answer.status).toBe(401);
  });

  it('accepts the bearer scheme in any case', async () => {
    const headers = await started.target.catalogHeaders();
    headers.authorization = headers.authorization!.replace('Bearer', 'bearer');
    expect((await create(started.target, headers)).status).toBe(200);
  });
});

describe('Svc-Track-Id', () => {
  const started = useStartedTarget({ catalogHeaders: false });

  it('accepts up to 64 printable characters and echoes them unchanged', async () => {
    const trackId = `Ab 1-_.~!#$%&()*+,/<=>?@[]^{|}\``.padEnd(64, 'z');
    const answer = await create(started.target, await started.target.catalogHeaders({ 'svc-track-id': trackId }));
    expect(answer.status).toBe(200);
    expect(answer.headers['svc-track-id']).toBe(trackId);
  });

  it.each([
    ['65 characters', 'x'.repeat(65)],
    ['a colon', 'a:b'],
    ['a semicolon', 'a;b'],
    ['a double quote', 'a"b'],
    ['a single quote', "a'b"],
    ['a non-ASCII byte', 'caf\u00e9'],
  ])('refuses a track id with %s and does not echo it', async (_case, trackId) => {
    const answer = await create(started.target, await started.target.catalogHeaders({ 'svc-track-id': trackId }));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      success: false,
      reasons: [{ code: 'INVALID_REQUEST', message: expect.any(String) }],
    });
    expect(answer.headers['svc-track-id']).toBeUndefined();
  });

  it('is echoed on 401, 404 and 405 responses too', async () => {
    const headers = { 'svc-track-id': 'echo-me' };
    for (const [method, path, status] of [
      ['POST', '/commerce/charges', 401],
      ['GET', '/nowhere', 404],
      ['GET', '/commerce/charges', 405],
    ] as const) {
      const answer = await started.target.call(method, path, { headers });
      expect(answer.status).toBe(status);
      expect(answer.headers['svc-track-id']).toBe('echo-me');
    }
  });
});

describe('Idempotency-Key format', () => {
  const started = useStartedTarget({ catalogHeaders: false });

  it('accepts 255 characters, refuses 256 or empty on POST, ignores it on PUT', async () => {
    expect(
      (await create(started.target, await started.target.catalogHeaders({ 'idempotency-key': 'k'.repeat(255) })))
        .status,
    ).toBe(200);
    expect(
      (await create(started.target, await started.target.catalogHeaders({ 'idempotency-key': 'k'.repeat(256) })))
        .status,
    ).toBe(400);
    expect((await create(started.target, await started.target.catalogHeaders({ 'idempotency-key': '' }))).status).toBe(
      400,
    );
    const query = await started.target.call('POST', '/commerce/charges/query', {
      headers: await started.target.catalogHeaders({ 'idempotency-key': 'q'.repeat(256) }),
      body: { chargeId: 'x', attributes: {} },
    });
    expect(query.status).toBe(400);
    const created = await create(started.target, await started.target.catalogHeaders());
    const update = await started.target.call('PUT', '/commerce/charges', {
      headers: await started.target.catalogHeaders({ 'idempotency-key': 'k'.repeat(300) }),
      body: { id: created.json.charge.id, name: 'renamed' },
    });
    expect(update.status).toBe(200);
  });
});

describe('Svc-Entity-Ids and Svc-Org-Ids per tenant mode', () => {
  const targets = new Map<ReferenceMode, Target>();
  beforeAll(async () => {
    for (const mode of ['multi', 'single-entity', 'plain'] as const) targets.set(mode, await startTarget({ mode }));
  });
  afterAll(() => Promise.all([...targets.values()].map((target) => target.reference.close())));

  const bearer = async (target: Target, tokenHeaders: Record<string, string> = {}) => ({
    authorization: `Bearer ${await target.token(tokenHeaders)}`,
  });

  it('multi: Svc-Entity-Ids is required and must be one of the token entities', async () => {
    const target = targets.get('multi')!;
    const auth = await bearer(target);
    expect((await create(target, auth)).status).toBe(400);
    const a = await create(target, { ...auth, 'svc-entity-ids': entityA! });
    expect(a.status).toBe(200);
    expect(a.json.charge.entityId).toBe(entityA);
    expect((await create(target, { ...auth, 'svc-entity-ids': entityB! })).json.charge.entityId).toBe(entityB);
    expect((await create(target, { ...auth, 'svc-entity-ids': `${entityA},${entityB}` })).status).toBe(400);
    expect((await create(target, { ...auth, 'svc-entity-ids': '00000000-0000-4000-8000-000000000000' })).status).toBe(
      400,
    );
  });

  it('single-entity: the token carries the entity and Svc-Entity-Ids must not be set', async () => {
    const target = targets.get('single-entity')!;
    const auth = await bearer(target, { 'svc-entity-ids': entityB! });
    const created = await create(target, auth);
    expect(created.status).toBe(200);
    expect(created.json.charge.entityId).toBe(entityB);
    expect((await create(target, { ...auth, 'svc-entity-ids': entityB! })).status).toBe(400);
    const defaulted = await create(target, await bearer(target));
    expect(defaulted.json.charge.entityId).toBe(entityA);
  });

  it('plain: neither Svc-Entity-Ids nor Svc-Org-Ids may be set; records carry no entity or org', async () => {
    const target = targets.get('plain')!;
    const auth = await bearer(target);
    const created = await create(target, auth);
    expect(created.status).toBe(200);
    expect(created.json.charge).toMatchObject({ entityId: null, orgId: null });
    expect((await create(target, { ...auth, 'svc-entity-ids': entityA! })).status).toBe(400);
    expect((await create(target, { ...auth, 'svc-org-ids': orgNorth! })).status).toBe(400);
  });

  it('multi-org: Svc-Org-Ids lists accessible orgs only; the first one owns new records', async () => {
    const target = targets.get('multi')!;
    const headers = await target.catalogHeaders();
    expect((await create(target, headers)).json.charge.orgId).toBe(orgNorth);
    expect((await create(target, { ...headers, 'svc-org-ids': ` ${orgSouth} , ${orgNorth}` })).json.charge.orgId).toBe(
      orgSouth,
    );
    for (const orgs of ['org-vault', `${orgNorth},org-vault`, 'org-unknown', `${orgNorth},,${orgSouth}`, '']) {
      expect((await create(target, { ...headers, 'svc-org-ids': orgs })).status, orgs).toBe(400);
    }
  });

  it('visibility follows the org scope and the entity', async () => {
    const target = targets.get('multi')!;
    const headers = await target.catalogHeaders({ 'svc-org-ids': orgNorth! });
    const { id } = (await create(target, headers, { ...flatCharge, rateCards: [] })).json.charge;
    const query = (extra: Record<string, string>) =>
      target.call('POST', '/commerce/charges/query', {
        headers: { ...headers, ...extra },
        body: { chargeId: id, attributes: {} },
      });
    expect((await query({})).status).toBe(200);
    expect((await query({ 'svc-org-ids': `${orgSouth},${orgNorth}` })).status).toBe(200);
    expect((await query({ 'svc-org-ids': orgSouth! })).status).toBe(400);
    expect((await query({ 'svc-entity-ids': entityB! })).status).toBe(400);
    const update = await target.call('PUT', '/commerce/charges', {
      headers: { ...headers, 'svc-org-ids': orgSouth! },
      body: { id, name: 'hidden' },
    });
    expect(update.status).toBe(400);
    expect(update.json).toEqual({
      success: false,
      processId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reasons: [expect.any(Object)],
    });
  });
});
