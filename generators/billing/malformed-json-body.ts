import fc from 'fast-check';
import { isJsonObjectText } from '../../core/json-object-text.ts';
import type { Gen, InvalidCase } from '../gen.ts';

const malformed = (value: string): InvalidCase<string> => ({
  value,
  breaks: 'billing.catalog.invalid_input.status',
  why: value.length === 0 ? 'empty body' : `body ${JSON.stringify(value.slice(0, 40))} is not a JSON object`,
});

/**
 * Any code point but a lone surrogate: what fast-check's 'binary' string unit gives, without its shrinker's
 * lookup table of all 1.1 million code points (60 MB in every suite worker that shrinks such a string).
 */
const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff)
  .map((codePoint) => String.fromCodePoint(codePoint));

/** Request bodies that are not a JSON object: broken JSON, other JSON types, binary noise. */
export const malformedJsonBody: Gen<InvalidCase<string>> = {
  boundaries: [
    '',
    '{',
    '{"name":',
    'null',
    '[]',
    '[{}]',
    '"text"',
    '42',
    'true',
    'not json',
    '\u0000\u0001\u0002',
    '{"a":1}}',
  ].map(malformed),
  arbitrary: fc
    // not-a-limit: 64 code points of noise, not the Svc-Track-Id length.
    .oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 }), fc.string({ unit: anyCodePoint, maxLength: 64 }))
    .filter((text) => !isJsonObjectText(text))
    .map(malformed),
};
