import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { describeExchange } from '../../client/evidence.ts';
import { exchangeFromJson, exchangeToJson } from '../../client/exchange-transfer.ts';
import { type Exchange, LazyResponse } from '../../client/http-exchange.ts';

/*
 * A walk keeps each page parsed and lets its bytes go (suites/support/walk-budget.ts): what stays answers json()
 * and text() as before, and the evidence says how much was received and how much is shown.
 */

const page = {
  data: {
    products: Array.from({ length: 40 }, (_, index) => ({ productId: `p-${index}`, description: 'd'.repeat(1000) })),
  },
};
const text = JSON.stringify(page);

const exchangeOf = (response: LazyResponse): Exchange => ({
  id: 1,
  request: { method: 'GET', url: 'http://holder.test/banking/products', headers: {} },
  response,
  startedAt: 0,
  durationMs: 1,
});

describe('LazyResponse.letBodyGo', () => {
  test('keeps the parsed document and the first bytes only, and says how many it received', () => {
    const response = new LazyResponse(200, { 'content-type': 'application/json' }, Buffer.from(text));
    response.letBodyGo(1024);
    expect(response.body.length).toBe(1024);
    expect(response.rawBody).toBe(response.body);
    expect(response.letGo).toEqual({ bodyBytes: text.length, rawBytes: text.length });
    expect(response.json()).toEqual(page);
    // The text is the document again, whole.
    expect(JSON.parse(response.text())).toEqual(page);
    // The first bytes are a copy: the received buffer is not kept alive by a view of it.
    expect(response.body.buffer.byteLength).toBeLessThan(text.length);
  });

  test('a gzip-encoded body keeps the first bytes of each, and its received length', () => {
    const raw = gzipSync(text);
    const response = new LazyResponse(200, {}, raw, 'gzip');
    response.body = Buffer.from(text);
    response.letBodyGo(100);
    expect(response.letGo).toEqual({ bodyBytes: text.length, rawBytes: raw.length });
    expect(response.rawBody).not.toBe(response.body);
    expect(response.json()).toEqual(page);
    const shown = describeExchange(exchangeOf(response)).response;
    expect(shown).toContain(`(… the body held ${text.length} bytes; only the first 100 were kept)`);
    expect(shown).toContain(`(decoded from gzip: ${raw.length} bytes received)`);
  });

  test('a body that is not JSON keeps its first bytes, and a small body is left whole', () => {
    const html = `<html>${'x'.repeat(5000)}</html>`;
    const response = new LazyResponse(200, {}, Buffer.from(html));
    response.letBodyGo(64);
    expect(() => response.json()).toThrow(SyntaxError);
    expect(response.text()).toBe(html.slice(0, 64));
    const small = new LazyResponse(200, {}, Buffer.from('{"a":1}'));
    small.letBodyGo(64);
    expect(small.letGo).toBeUndefined();
    expect(small.text()).toBe('{"a":1}');
  });

  test('the evidence shows the first bytes, and what was let go travels with an exchange', () => {
    const response = new LazyResponse(200, {}, Buffer.from(text));
    response.letBodyGo(2048);
    const described = describeExchange(exchangeOf(response)).response;
    expect(described).toContain('"productId":"p-0"');
    expect(described).toContain(`(… the body held ${text.length} bytes; only the first 2048 were kept)`);
    const again = exchangeFromJson(exchangeToJson(exchangeOf(response)));
    expect(again.response?.letGo).toEqual({ bodyBytes: text.length, rawBytes: text.length });
  });
});
