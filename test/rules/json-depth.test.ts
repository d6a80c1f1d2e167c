import { describe, expect, test } from 'vitest';
import { LazyResponse } from '../../client/http-exchange.ts';
import { maxJsonDepth, nestsDeeperThan, parseJsonBounded } from '../../core/json-depth.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting bound (RFC 8259 section 9)', () => {
  test('the limit itself is read, one level more is refused', () => {
    expect(nestsDeeperThan(nested(maxJsonDepth))).toBe(false);
    expect(nestsDeeperThan(nested(maxJsonDepth + 1))).toBe(true);
    expect(() => parseJsonBounded(nested(maxJsonDepth + 1))).toThrow(SyntaxError);
    expect(parseJsonBounded('{"a":[{"b":1}]}')).toEqual({ a: [{ b: 1 }] });
  });

  test('brackets inside strings, escaped quotes included, do not count', () => {
    const text = JSON.stringify({ text: `\\"${'['.repeat(maxJsonDepth * 2)}` });
    expect(nestsDeeperThan(text)).toBe(false);
    expect(parseJsonBounded(text)).toEqual(JSON.parse(text));
  });

  test('a response nested a million levels is not JSON to the checks, quickly and without building it', () => {
    const response = new LazyResponse(
      200,
      { 'content-type': 'application/json' },
      Buffer.from(`{"data":{"products":[${nested(1_000_000)}]}}`),
    );
    const started = performance.now();
    expect(() => response.json()).toThrow(/nested deeper than 512 levels/);
    expect(() => response.json()).toThrow(SyntaxError);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
