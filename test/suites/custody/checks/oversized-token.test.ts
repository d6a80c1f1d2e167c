import { readFor } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { letOversizedTokenGo, maxTokenChars } from '../../../../suites/custody/checks/oversized-token.ts';
import { sendableToken } from '../../../../suites/custody/checks/walk.ts';
import { cursorPageOf } from '../../../../suites/custody/checks/cursor-page.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';

const pageWithToken = (token: string) =>
  jsonExchange(200, { result: [{ id: 'w1' }], cursor: { currentPage: token, hasNext: true, hasPrevious: false } });

describe('a token too long to send back', () => {
  test('is not held: the parsed page, the parsed body and the bytes keep only a note of its start and length', () => {
    const token = `${'a'.repeat(60)}${'b'.repeat(100_000)}`;
    const exchange = pageWithToken(token);
    const page = readFor(cursorPageOf, 'test.rule')(exchange);
    const kept = letOversizedTokenGo(exchange, page);
    expect(kept).toEqual({ chars: token.length, start: 'a'.repeat(60) });
    const note = `${'a'.repeat(60)}... (${token.length} characters, not kept)`;
    expect(page.cursor.currentPage).toBe(note);
    expect(exchange.response?.json()).toMatchObject({ cursor: { currentPage: note } });
    expect(exchange.response?.text()).not.toContain('b'.repeat(100));
    expect(exchange.response?.body.length).toBeLessThanOrEqual(1024);
    expect(exchange.response?.letGo?.bodyBytes).toBeGreaterThan(100_000);
    // The note is never sent back as if it were the target's token.
    expect(sendableToken({ exchange, page, ...(kept ? { oversizedToken: kept } : {}) })).toBeUndefined();
  });

  test('the exchange alone (no parsed page yet) is let go the same way', () => {
    const exchange = pageWithToken('c'.repeat(maxTokenChars + 1));
    expect(letOversizedTokenGo(exchange)?.chars).toBe(maxTokenChars + 1);
    expect(exchange.response?.text()).toContain('characters, not kept');
  });

  test('a token the harness sends back is left as it is', () => {
    const token = 'd'.repeat(maxTokenChars);
    const exchange = pageWithToken(token);
    const page = readFor(cursorPageOf, 'test.rule')(exchange);
    expect(letOversizedTokenGo(exchange, page)).toBeUndefined();
    expect(page.cursor.currentPage).toBe(token);
    expect(exchange.response?.letGo).toBeUndefined();
    expect(sendableToken({ exchange, page })).toBe(token);
  });
});
