import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { alterNearEnd, type MacEncoding } from '../../../generators/loyalty/altered-mac.ts';

const encodings: MacEncoding[] = ['hex', 'base64'];

describe('the altered mac of loyalty.mac.wrong-mac', () => {
  // The flake of issue 29: an altered hex mac that differed from the right one only in a letter's case.
  test('never equals the right mac in value: not case-insensitively in hex, not as decoded bytes in base64 (many seeds)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom(...encodings), (secret, signed, encoding) => {
        const mac = createHmac('sha256', secret).update(signed).digest(encoding);
        const altered = alterNearEnd(mac, encoding);
        expect(altered.toLowerCase()).not.toBe(mac.toLowerCase());
        expect(Buffer.from(altered, encoding).equals(Buffer.from(mac, encoding))).toBe(false);
        // Same length, same bytes up to the last one: a target comparing a prefix is caught.
        expect(altered).toHaveLength(mac.length);
        expect(Buffer.from(altered, encoding).subarray(0, -1).equals(Buffer.from(mac, encoding).subarray(0, -1))).toBe(
          true,
        );
      }),
      { numRuns: 2000 },
    );
  });
  test('an upper-case hex mac stays upper case; a mac that does not decode is still changed', () => {
    const mac = createHmac('sha256', 'k').update('x').digest('hex').toUpperCase();
    expect(alterNearEnd(mac, 'hex')).toMatch(/^[0-9A-F]{64}$/);
    expect(alterNearEnd('zz', 'hex')).not.toBe('zz');
  });
});
