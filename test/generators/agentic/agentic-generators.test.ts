import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { signedProofs } from '../../../suites/agentic/client/proof-of-intent.ts';
import { invalidPayload } from '../../../generators/agentic/invalid-payload.ts';
import { jweParts, tamper, tamperedJwe } from '../../../generators/agentic/tampered-jwe.ts';
import { validPayload, type PayloadContext } from '../../../generators/agentic/valid-payload.ts';
import {
  notificationPayloadSchema,
  notificationTypes,
  payloadKinds,
  signedJwtSchema,
} from '../../../rules/agentic/records.ts';

let context: PayloadContext;
beforeAll(async () => {
  context = { proofs: await signedProofs() };
});

describe('valid payloads', () => {
  test.each(notificationTypes.map((kind) => [kind]))(
    '%s: every status with and without stepUpSessionId, all valid; same seed same values',
    (kind) => {
      const gen = validPayload(kind, context);
      const statuses = new Set(
        gen.boundaries.map((payload) => (payload as Record<string, unknown>)[payloadKinds[kind].statusField]),
      );
      expect([...statuses].sort()).toEqual([...payloadKinds[kind].statuses].sort());
      expect(gen.boundaries.some((payload) => payload.stepUpSessionId !== undefined)).toBe(true);
      const sample = fc.sample(gen.arbitrary, { seed: 4, numRuns: 50 });
      expect(
        [...gen.boundaries, ...sample].filter((payload) => !notificationPayloadSchema.safeParse(payload).success),
      ).toEqual([]);
      expect(fc.sample(gen.arbitrary, { seed: 4, numRuns: 50 })).toEqual(sample);
    },
  );
  test('the session proofs are signed JWTs', () => {
    expect(context.proofs.every((proof) => signedJwtSchema.safeParse(proof).success)).toBe(true);
  });
});

describe('invalid payloads', () => {
  test.each([
    ['agentic.payload.required-fields'],
    ['agentic.payload.enum-values'],
    ['agentic.payload.proof-of-intent-signed-jwt'],
  ])('%s: every case breaks the schema at the field it names', (ruleId) => {
    const gen = invalidPayload(ruleId, context);
    for (const invalid of gen.boundaries) {
      const parsed = notificationPayloadSchema.safeParse(invalid.value);
      expect(parsed.success, invalid.why).toBe(false);
      expect(
        parsed.error?.issues.map((issue) => issue.path[0]),
        invalid.why,
      ).toContain(invalid.field);
    }
  });
});

describe('tampered JWEs', () => {
  const jwe = [
    'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0',
    'a2V5a2V5a2V5',
    'aXZpdml2aXZp',
    'Y2lwaGVydGV4dA',
    'dGFndGFndGFn',
  ].join('.');
  test('each tampering changes exactly its part', () => {
    for (const tampering of [
      ...tamperedJwe.boundaries,
      ...fc.sample(tamperedJwe.arbitrary, { seed: 2, numRuns: 30 }),
    ]) {
      const altered = tamper(jwe, tampering) as string;
      const changed = altered.split('.').map((part, index) => part !== jwe.split('.')[index]);
      expect(changed).toEqual(jweParts.map((part) => part === tampering.part));
    }
  });
  test('an empty encrypted key cannot be tampered', () => {
    expect(tamper(jwe.replace('a2V5a2V5a2V5', ''), { part: 'encrypted key', at: 0, why: '' })).toBeUndefined();
  });
});
