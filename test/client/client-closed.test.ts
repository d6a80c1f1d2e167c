import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../../client/http-client.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { closedByHarness } from '../../engine/closed-by-harness.ts';
import { type Running, startHttp } from './support/servers.ts';

/*
 * Two limits the harness puts on itself, against a real server: a client closed by the harness (a run winding
 * down) is CLIENT_CLOSED, which no rule may count against the target; a gzip body is capped decoded at the body
 * cap, so a page costs the same memory gzip-encoded or plain.
 */
let server: Running;
const MiB = 1024 * 1024;
const page = gzipSync(JSON.stringify({ token: 'A'.repeat(3 * MiB) }));

beforeAll(async () => {
  server = await startHttp((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(page);
  });
});
afterAll(() => server.close());

describe('the harness closing its own client', () => {
  test('is CLIENT_CLOSED, and a rule failure resting on it is the harness stopping, not the target failing', async () => {
    const client = new HttpClient();
    await client.close();
    const exchange = await client.send({ method: 'GET', url: `${server.url}/` });
    expect(exchange.error?.code, exchange.error?.message).toBe('CLIENT_CLOSED');
    expect(closedByHarness(new RuleViolation('cdr.links.self', 'page 2 gave no answer', [exchange]))).toMatch(
      /^not run \(deadline\)/,
    );
    expect(closedByHarness(new RuleViolation('cdr.links.self', 'page 2 answered 500', []))).toBeUndefined();
  });
});

describe('a gzip body decoded', () => {
  test('is cut at the body cap, as the same body sent plain would be', async () => {
    const client = new HttpClient({ maxBodyBytes: 2 * MiB });
    try {
      const exchange = await client.send({ method: 'GET', url: `${server.url}/` });
      expect(page.length).toBeLessThan(2 * MiB);
      expect(exchange.error?.code).toBe('BODY_TOO_LARGE');
      expect(exchange.error?.message).toContain(`decodes to more than ${2 * MiB} bytes`);
    } finally {
      await client.close();
    }
  });
});
