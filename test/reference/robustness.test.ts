import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useStartedTarget } from './support.ts';

const operations = [
  ['POST', '/oauth/token'],
  ['POST', '/commerce/charges'],
  ['PUT', '/commerce/charges'],
  ['POST', '/commerce/charges/query'],
  ['POST', '/commerce/products'],
] as const;

const garbage: Array<[string, string | Buffer]> = [
  ['malformed JSON', '{"name": '],
  ['empty body', ''],
  ['an array', '[1,2,3]'],
  ['a number', '42'],
  ['null', 'null'],
  ['a huge number', '{"name": 1e999, "defaultPricing": {"currency": "EUR", "amount": 1e999}}'],
  ['a __proto__ value', '{"name": {"__proto__": 1}, "chargeModel": "FlatFee"}'],
  [
    '__proto__ keys everywhere',
    '{"__proto__": {"x": 1}, "id": "a", "chargeId": "a", "attributes": {"__proto__": "x"}, "rateCards": [{"conditions": {"__proto__": 1}, "pricing": {"currency": "EUR", "amount": 1}}], "name": "n", "chargeModel": "FlatFee"}',
  ],
  [
    'inherited names',
    '{"constructor": "x", "toString": 1, "attributes": {"toString": "x"}, "chargeId": "hasOwnProperty"}',
  ],
  ['deep nesting', `{"name": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`],
  ['deep object nesting', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
  ['binary bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  [
    'wrong types',
    '{"client_id": [], "client_secret": {}, "grant_type": true, "name": 1, "chargeModel": null, "plans": "x", "rateCards": {}, "attributes": 7}',
  ],
];

describe('never 5xx', () => {
  const started = useStartedTarget();

  it.each(garbage)('answers 4xx to %s on every operation', async (_case, body) => {
    for (const [method, path] of operations) {
      const answer = await started.target.call(method, path, { headers: started.headers, body });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(answer.json, `${method} ${path}`).toBeTypeOf('object');
    }
  });

  it('keeps "__proto__" as an ordinary condition name', async () => {
    const body =
      '{"name": "n", "chargeModel": "FlatFee", "rateCards": [{"conditions": {"__proto__": "v"}, "pricing": {"currency": "EUR", "amount": 3}}]}';
    const created = await started.target.call('POST', '/commerce/charges', { headers: started.headers, body });
    expect(created.status).toBe(200);
    expect(created.text).toContain('"conditions":{"__proto__":"v"}');
    const query = (attributes: string) =>
      started.target.call('POST', '/commerce/charges/query', {
        headers: started.headers,
        body: `{"chargeId": "${created.json.charge.id}", "attributes": ${attributes}}`,
      });
    expect((await query('{"__proto__": "v"}')).json.source).toBe('rateCard');
    expect((await query('{}')).json.source).toBe('none');
  });

  it('answers below 500 to arbitrary JSON values on every operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), fc.jsonValue({ maxDepth: 4 }), async ([method, path], value) => {
        const answer = await started.target.call(method, path, {
          headers: started.headers,
          body: JSON.stringify(value) ?? 'null',
        });
        return answer.status < 500;
      }),
      { numRuns: 150 },
    );
  });

  it('answers 404 outside the known paths and 405 for other methods', async () => {
    for (const path of ['', '/', '/oauth', '/commerce/charges/', '/commerce/charges/query/x', '/%zz']) {
      expect((await started.target.call('POST', path, { headers: started.headers })).status, path).toBe(404);
    }
    const wrongMethod = await started.target.call('DELETE', '/commerce/charges', { headers: started.headers });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST, PUT');
    const outside = await fetch(`${started.target.reference.origin}/elsewhere`);
    expect(outside.status).toBe(404);
  });

  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(started.target.reference.origin);
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GARBAGE \x01\x02 HTTP/9\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(
      (await started.target.call('POST', '/commerce/charges', { headers: started.headers, body: '{}' })).status,
    ).toBe(400);
  });
});
