import { describe, expect, it } from 'vitest';
import { clientId, clientSecret, entityA, entityB, startTarget, useStartedTarget, validTokenBody } from './support.ts';

describe('token operation', () => {
  const started = useStartedTarget({ catalogHeaders: false });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    started.target.call('POST', '/oauth/token', { body, headers });

  it('issues an opaque bearer token for valid client credentials', async () => {
    const answer = await post(validTokenBody);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toEqual({
      access_token: expect.stringMatching(/^[\w-]{40}$/),
      token_type: 'bearer',
      expires_in: 3600,
    });
  });

  it.each([
    ['client_id too short', { client_id: clientId.slice(1) }],
    ['client_id too long', { client_id: `${clientId}x` }],
    ['client_secret longer than 42', { client_secret: clientSecret.padEnd(43, 'x') }],
    ['grant_type not client_credentials', { grant_type: 'password' }],
    ['client_id missing', { client_id: undefined }],
    ['client_secret missing', { client_secret: undefined }],
    ['grant_type missing', { grant_type: undefined }],
    ['client_id not a string', { client_id: 42 }],
  ])('answers 400 invalid_request when %s', async (_case, change) => {
    const answer = await post({ ...validTokenBody, ...change });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('never echoes the secret in an error description', async () => {
    const secret = 'S'.repeat(50);
    const answer = await post({ ...validTokenBody, client_secret: secret });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain(secret);
  });

  it.each(['[]', '"text"', 'null', '{broken'])('answers 400 for the body %s', async (body) => {
    expect((await post(body)).status).toBe(400);
  });

  it('answers 401 invalid_client for a well-formed but wrong pair', async () => {
    const answer = await post({ ...validTokenBody, client_secret: 'wrong-secret' });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'invalid_client' });
  });

  it.each(['Authorization', 'apiAccessKeyId', 'apiSecretAccessKey'])('refuses the %s header', async (name) => {
    expect((await post(validTokenBody, { [name]: 'x' })).status).toBe(400);
  });

  it('checks Svc-Entity-Ids: a tenant entity passes, malformed or foreign ids fail', async () => {
    expect((await post(validTokenBody, { 'svc-entity-ids': entityB! })).status).toBe(200);
    expect((await post(validTokenBody, { 'svc-entity-ids': entityA!.replaceAll('-', '') })).status).toBe(400);
    expect((await post(validTokenBody, { 'svc-entity-ids': 'not-a-uuid' })).status).toBe(400);
    expect((await post(validTokenBody, { 'svc-entity-ids': '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
  });

  it('checks Svc-Track-Id on the token operation too', async () => {
    const ok = await post(validTokenBody, { 'svc-track-id': 'trace-1' });
    expect(ok.headers['svc-track-id']).toBe('trace-1');
    const bad = await post(validTokenBody, { 'svc-track-id': 'a:b' });
    expect(bad.status).toBe(400);
    expect(bad.headers['svc-track-id']).toBeUndefined();
  });

  it('keeps a token valid for any number of uses', async () => {
    const headers = await started.target.catalogHeaders();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await started.target.call('POST', '/commerce/charges', {
            headers,
            body: { name: `c${i}`, chargeModel: 'PerUnit' },
          })
        ).status,
      ).toBe(200);
    }
  });
});

describe('token modes and expiry', () => {
  it('in plain mode accepts and ignores any UUID in Svc-Entity-Ids, still refusing malformed ones', async () => {
    const target = await startTarget({ mode: 'plain' });
    try {
      const post = (id: string) =>
        target.call('POST', '/oauth/token', { body: validTokenBody, headers: { 'svc-entity-ids': id } });
      expect((await post('00000000-0000-4000-8000-000000000000')).status).toBe(200);
      expect((await post('nope')).status).toBe(400);
    } finally {
      await target.reference.close();
    }
  });

  it('expires tokens after tokenTtlSeconds', async () => {
    const target = await startTarget({ tokenTtlSeconds: 1 });
    try {
      const headers = await target.catalogHeaders();
      const body = { name: 'n', chargeModel: 'PerUnit' };
      expect((await target.call('POST', '/commerce/charges', { headers, body })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1050));
      const expired = await target.call('POST', '/commerce/charges', { headers, body });
      expect(expired.status).toBe(401);
      expect(expired.json).toEqual({ message: 'Authentication error' });
    } finally {
      await target.reference.close();
    }
  });
});

describe('token rate limit', () => {
  const started = useStartedTarget({ tokenRateLimit: { requests: 3, windowMs: 1500 }, catalogHeaders: false });

  it('counts every request, valid or not, and answers 429 with Retry-After and the track id', async () => {
    const post = (body: unknown) =>
      started.target.call('POST', '/oauth/token', { body, headers: { 'svc-track-id': 'rl-1' } });
    expect((await post(validTokenBody)).status).toBe(200);
    expect((await post({})).status).toBe(400);
    expect((await post(validTokenBody)).status).toBe(200);
    const limited = await post(validTokenBody);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(String(limited.headers['retry-after'])).toMatch(/^\d+$/);
    expect(limited.headers['svc-track-id']).toBe('rl-1');
  });
});
