import fc from 'fast-check';
import type { RequestSigning } from '../../rules/exchange/request-signing.ts';
import type { Gen } from '../gen.ts';

/** A way to sign a request wrongly, and in words how. */
export interface BadSignature {
  signing: RequestSigning;
  why: string;
  /** The signature header is left out: the document is silent on the code, the entry lists the accepted ones. */
  missingHeader?: true;
}

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * Signatures the target must refuse with 50113: over another body, path, method or timestamp, truncated,
 * or made with another secret. The timestamp sent stays current, so only the signature is wrong.
 */
export const badSignatures: Gen<BadSignature> = {
  boundaries: [
    { signing: { signedParts: { body: '[]' } }, why: 'signed over another body' },
    { signing: { signedParts: { path: '/api/v5/trade/order' } }, why: 'signed over another path' },
    { signing: { signedParts: { method: 'GET' } }, why: 'signed over another method' },
    { signing: { signedParts: { method: 'post' } }, why: 'signed over the method in lower case' },
    {
      signing: {
        get signedParts() {
          return { timestamp: at(-1000) };
        },
      },
      why: 'signed over another timestamp',
    },
    { signing: { alterSignature: (value) => value.slice(0, -4) }, why: 'truncated signature' },
    { signing: { secret: 'another-secret-entirely' }, why: 'signed with another secret' },
    { signing: { unsigned: true }, why: 'no signature header', missingHeader: true },
  ],
  arbitrary: fc.oneof(
    fc
      .string({ minLength: 1, maxLength: 40 })
      .map((body) => ({ signing: { signedParts: { body } }, why: 'signed over another body' })),
    fc.integer({ min: 1, max: 43 }).map((cut) => ({
      signing: { alterSignature: (value: string) => value.slice(0, value.length - cut) },
      why: `signature cut by ${cut} characters`,
    })),
    fc
      .string({ minLength: 4, maxLength: 40 })
      .map((secret) => ({ signing: { secret: `x${secret}` }, why: 'signed with another secret' })),
    fc.integer({ min: 1, max: 20_000 }).map((ms) => ({
      signing: {
        get signedParts() {
          return { timestamp: at(-ms) };
        },
      },
      why: `signed over a timestamp ${ms} ms earlier`,
    })),
  ),
};
