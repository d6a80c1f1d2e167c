import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CdrClient } from '../../../../suites/cdr/client/cdr-client.ts';
import { describeListQuery, listQueryString } from '../../../../rules/cdr/list-query.ts';
import { openCdrSession } from '../../../../suites/cdr/client/session.ts';
import { CircuitBreaker } from '../../../../client/circuit-breaker.ts';
import { Redactor } from '../../../../core/redaction.ts';
import { cdrSectionSchema } from '../../../../suites/cdr/entry/section.ts';

const settings = { timeoutMs: 5000, maxBodyBytes: 1 << 20, concurrency: 4, unresponsiveAfter: 3 };
/** The headers each request arrived with, by path; the server answers 200 {} or 401 for /refuse. */
const seen = new Map<string, IncomingHttpHeaders>();
let server: Server;
let limitedCalls = 0;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.set(req.url ?? '', req.headers);
    // /limited answers 429 (Retry-After 0) twice, then 200.
    if (req.url === '/limited/v1/discovery/status') limitedCalls += 1;
    if (req.url === '/limited/v1/discovery/status' && limitedCalls <= 2) {
      res.writeHead(429, { 'retry-after': '0' });
      return res.end();
    }
    res.writeHead(req.url?.startsWith('/refuse') ? 401 : 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cdr client', () => {
  test('x-v is the highest served version; a change sets or removes a header', async () => {
    const client = new CdrClient(
      cdrSectionSchema.parse({ baseUrl: `${origin}/cdr`, versions: { list: [4, 5] } }),
      settings,
      new Redactor(),
    );
    try {
      await client.list({ effective: 'ALL' });
      expect(seen.get('/cdr/v1/banking/products?effective=ALL')?.['x-v']).toBe('5');
      await client.status({ 'x-v': null, 'x-min-v': '1' });
      expect(seen.get('/cdr/v1/discovery/status')).toMatchObject({ 'x-min-v': '1' });
      expect(seen.get('/cdr/v1/discovery/status')?.['x-v']).toBeUndefined();
      await client.detail('a/b c');
      expect(seen.has('/cdr/v1/banking/products/a%2Fb%20c')).toBe(true);
    } finally {
      await client.close();
    }
  });

  test('the bearer token goes to the base origin only, never to an origin of followOrigins, and is a secret', async () => {
    const redactor = new Redactor();
    const gateway = origin.replace('127.0.0.1', 'localhost');
    const client = new CdrClient(
      cdrSectionSchema.parse({ baseUrl: `${origin}/cdr`, token: 'cdr-secret-token', followOrigins: [gateway] }),
      settings,
      redactor,
    );
    try {
      await client.status();
      expect(seen.get('/cdr/v1/discovery/status')?.authorization).toBe('Bearer cdr-secret-token');
      const elsewhere = `${gateway}/elsewhere?page=2`;
      await client.get('list', elsewhere);
      expect(seen.get('/elsewhere?page=2')?.authorization).toBeUndefined();
      expect(redactor.redactSecrets('Bearer cdr-secret-token')).toBe('Bearer ***');
    } finally {
      await client.close();
    }
  });

  test('a URL outside the base URL and followOrigins is never requested', async () => {
    const client = new CdrClient(cdrSectionSchema.parse({ baseUrl: `${origin}/cdr` }), settings, new Redactor());
    try {
      await expect(client.get('list', `${origin.replace('127.0.0.1', 'localhost')}/elsewhere?page=3`)).rejects.toThrow(
        /outside the holder/,
      );
      expect(seen.has('/elsewhere?page=3')).toBe(false);
      expect(client.outsideScope(`${origin}/other/v1/banking/products`)).toMatch(/not under the base path/);
    } finally {
      await client.close();
    }
  });

  test('a 429 is waited out as Retry-After asks and sent again', async () => {
    const client = new CdrClient(cdrSectionSchema.parse({ baseUrl: `${origin}/limited` }), settings, new Redactor());
    try {
      expect((await client.status()).response?.status).toBe(200);
      expect(limitedCalls).toBe(3);
    } finally {
      await client.close();
    }
  });

  test('the list query names only what is given, in the document parameter names', () => {
    expect(listQueryString({})).toBe('');
    expect(
      listQueryString({
        effective: 'FUTURE',
        updatedSince: '2026-01-01T00:00:00+10:00',
        productCategory: 'LEASES',
        page: 2,
        pageSize: 7,
        brand: 'A B',
      }),
    ).toBe(
      '?effective=FUTURE&updated-since=2026-01-01T00%3A00%3A00%2B10%3A00&brand=A+B&product-category=LEASES&page=2&page-size=7',
    );
    expect(describeListQuery({ pageSize: 1 })).toBe('page-size=1');
  });

  test('the session preflight asks the status; a 401 is credentials refused', async () => {
    const ok = openCdrSession({
      section: cdrSectionSchema.parse({ baseUrl: `${origin}/cdr` }),
      client: settings,
      redactor: new Redactor(),
      breaker: new CircuitBreaker('cdr', 3),
    });
    expect(await ok.preflight()).toMatchObject({ family: 'cdr', reachable: true, authenticated: true });
    await ok.close();
    const refused = openCdrSession({
      section: cdrSectionSchema.parse({ baseUrl: `${origin}/refuse` }),
      client: settings,
      redactor: new Redactor(),
      breaker: new CircuitBreaker('cdr', 3),
    });
    expect((await refused.preflight()).problem).toContain('credentials refused');
    await refused.close();
  });
});
