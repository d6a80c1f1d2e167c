import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerSigner } from '../../client/bearer-signer.ts';
import { CircuitBreaker } from '../../client/circuit-breaker.ts';
import { signatureSigner } from '../../suites/exchange/client/signature-signer.ts';
import { preHash } from '../../suites/exchange/client/signing.ts';
import { signature } from '../../client/hmac.ts';
import { HttpClient } from '../../client/http-client.ts';
import { loyaltySigner } from '../../suites/loyalty/client/mac-signer.ts';
import { parseMacHeader, signMac } from '../../suites/loyalty/client/mac.ts';
import { onlyToOrigin } from '../../client/origin-bound-signer.ts';
import { changeHeaders, SignedHttpClient } from '../../client/request-signer.ts';
import { loyaltySectionSchema } from '../../suites/loyalty/entry/section.ts';
import { echo, startHttp, type EchoPayload, type Running } from './support/servers.ts';

let server: Running;
let http: HttpClient;

beforeAll(async () => {
  server = await startHttp((req, res) => void echo(req, res));
  http = new HttpClient({ timeoutMs: 2_000 });
});

afterAll(async () => {
  await http.close();
  await server.close();
});

/** The headers the server received. */
const received = (exchange: { response?: { json(): unknown } }) =>
  (exchange.response?.json() as EchoPayload | undefined)?.headers ?? ({} as EchoPayload['headers']);

describe('bearerSigner on the shared client', () => {
  it('sends the token for "token", nothing for "none", a literal value as given; the token is asked for only when used', async () => {
    let asked = 0;
    const client = new SignedHttpClient(
      http,
      bearerSigner(() => {
        asked += 1;
        return 'tok-1';
      }),
    );
    const url = `${server.url}/x`;
    expect(received(await client.send({ method: 'GET', url }, 'token')).authorization).toBe('Bearer tok-1');
    expect(received(await client.send({ method: 'GET', url }, 'none')).authorization).toBeUndefined();
    expect(received(await client.send({ method: 'GET', url }, { authorization: 'Basic abc' })).authorization).toBe(
      'Basic abc',
    );
    expect(asked).toBe(1);
  });

  it('no token in the entry: no Authorization; a token source that fails rejects the send (the caller blocks on it)', async () => {
    expect(
      received(
        await new SignedHttpClient(
          http,
          bearerSigner(() => undefined),
        ).send({ method: 'GET', url: server.url }, 'token'),
      ).authorization,
    ).toBeUndefined();
    const failing = new SignedHttpClient(
      http,
      bearerSigner(async () => Promise.reject(new Error('no token issued'))),
    );
    await expect(failing.send({ method: 'GET', url: server.url }, 'token')).rejects.toThrow('no token issued');
  });

  it('caller header changes come after signing: null leaves Authorization out, a string replaces it in place', async () => {
    const client = new SignedHttpClient(
      http,
      bearerSigner(() => 'tok-1'),
    );
    const dropped = await client.send({ method: 'GET', url: server.url, headers: { a: '1' } }, 'token', {
      Authorization: null,
      b: '2',
    });
    expect(dropped.request.headers).toEqual({ a: '1', b: '2' });
    const replaced = await client.send({ method: 'GET', url: server.url, headers: { a: '1' } }, 'token', {
      Authorization: 'Bearer other',
      a: null,
    });
    expect(received(replaced).authorization).toBe('Bearer other');
    expect(changeHeaders({ x: '1', y: '2' }, { x: '3' })).toEqual({ x: '3', y: '2' });
  });

  it('an exchange the breaker refuses still shows the signed request as evidence', async () => {
    const breaker = new CircuitBreaker('cards', 1);
    breaker.open({ family: 'cards', consecutive: 1, first: 'GET /: TIMEOUT' });
    const refusing = new SignedHttpClient(
      new HttpClient({ breaker }),
      bearerSigner(() => 'tok-1'),
    );
    try {
      const exchange = await refusing.send({ method: 'GET', url: server.url }, 'token');
      expect(exchange.error?.code).toBe('TARGET_UNRESPONSIVE');
      expect(exchange.request.headers).toEqual({ Authorization: 'Bearer tok-1' });
    } finally {
      await refusing.close();
    }
  });
});

describe('onlyToOrigin', () => {
  it('signs requests to its origin only', async () => {
    const signer = onlyToOrigin(
      new URL(server.url).origin,
      bearerSigner(() => 'tok-1'),
    );
    expect(await signer({ method: 'GET', url: `${server.url}/a` }, 'token')).toMatchObject({
      headers: { Authorization: 'Bearer tok-1' },
    });
    expect(await signer({ method: 'GET', url: 'http://elsewhere.example/a' }, 'token')).toEqual({
      method: 'GET',
      url: 'http://elsewhere.example/a',
    });
    expect(await signer({ method: 'GET', url: 'not a url' }, 'token')).toEqual({ method: 'GET', url: 'not a url' });
  });
});

describe('signatureSigner (the exchange family)', () => {
  const keys = { baseUrl: 'http://127.0.0.1:1/gw', apiKey: 'key-1', secretKey: 'secret-1', passphrase: 'pass-1' };
  const request = {
    method: 'POST',
    url: 'http://127.0.0.1:1/gw/api/v5/trade/batch-orders?x=1',
    headers: { 'content-type': 'application/json' },
    body: '[]',
  };

  it('adds key, timestamp, the signature of timestamp + method + path from the API root + body, and the passphrase, after the caller headers', async () => {
    const signed = await signatureSigner(keys)(request, { atMs: Date.UTC(2026, 0, 1) });
    const timestamp = '2026-01-01T00:00:00.000Z';
    expect(signed.headers).toEqual({
      'content-type': 'application/json',
      'EX-ACCESS-KEY': 'key-1',
      'EX-ACCESS-TIMESTAMP': timestamp,
      'EX-ACCESS-SIGN': signature('secret-1', preHash(timestamp, 'POST', '/api/v5/trade/batch-orders?x=1', '[]')),
      'EX-ACCESS-PASSPHRASE': 'pass-1',
    });
    expect(Object.keys(signed.headers ?? {})[0]).toBe('content-type');
  });

  it('overrides: another key, an altered signature, or none at all', async () => {
    const signer = signatureSigner(keys);
    expect((await signer(request, { apiKey: 'other', alterSignature: () => 'bad' })).headers).toMatchObject({
      'EX-ACCESS-KEY': 'other',
      'EX-ACCESS-SIGN': 'bad',
    });
    expect((await signer(request, { unsigned: true })).headers).not.toHaveProperty('EX-ACCESS-SIGN');
  });
});

describe('loyaltySigner', () => {
  const section = loyaltySectionSchema.parse({
    baseUrl: 'http://127.0.0.1:1/loyalty',
    apiKey: 'key-1234',
    bearerToken: 'bear-1',
    mac: { id: 'client-1', secret: 's3cret-value' },
  });
  const request = {
    method: 'POST',
    url: 'http://127.0.0.1:1/loyalty/v1/event/notify',
    headers: { a: '1' },
    body: '{"a":1}',
  };

  it('the MAC form signs the request as sent, with a fresh ts and nonce', async () => {
    const signed = await loyaltySigner(section)(request, 'mac');
    const parts = parseMacHeader(signed.headers?.Authorization ?? '');
    const input = {
      method: 'POST',
      url: request.url,
      body: request.body,
      ts: parts?.ts as string,
      nonce: parts?.nonce as string,
    };
    expect(parts).toEqual(signMac(section.mac!, input));
    expect(Math.abs(Number(parts?.ts) - Date.now())).toBeLessThan(5_000);
    const again = parseMacHeader((await loyaltySigner(section)(request, 'mac')).headers?.Authorization ?? '');
    expect(again?.nonce).not.toBe(parts?.nonce);
  });

  it('the bearer form, none, and a MAC part left out', async () => {
    const signer = loyaltySigner(section);
    expect((await signer(request, 'bearer')).headers).toEqual({ a: '1', Authorization: 'Bearer bear-1' });
    expect(await signer(request, 'none')).toBe(request);
    const withoutNonce = parseMacHeader(
      (await signer(request, { mac: { parts: { nonce: null } } })).headers?.Authorization ?? '',
    );
    expect(withoutNonce).not.toHaveProperty('nonce');
    expect(withoutNonce).toHaveProperty('mac');
  });
});
