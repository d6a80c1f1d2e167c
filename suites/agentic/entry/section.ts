import { z } from 'zod';

/** Key management algorithms for the JWE (the document leaves them open), RSA and elliptic-curve. */
export const jweKeyAlgorithms = ['RSA-OAEP-256', 'RSA-OAEP', 'ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A256KW'] as const;
export const jweContentEncryptions = ['A256GCM', 'A128GCM', 'A128CBC-HS256', 'A256CBC-HS512'] as const;

/** `families.agentic` of a target entry: the partner's endpoint for the notifications of document 2, part C. */
export const agenticSectionSchema = z
  .object({
    /**
     * The partner's base address ({agentic_base_url}); /payments/digital/v1/agentic-commerce/notifications is relative
     * to it.
     */
    baseUrl: z.url(),
    /** The bearer token the partner accepts (its issuance is not shown); write it as a ${VAR} placeholder. */
    token: z.string().min(1),
    /** How payloads are encrypted: the document says JWE and leaves key and algorithms open. */
    encryption: z
      .object({
        /** The partner's public key: a PEM (SPKI) or a JWK as JSON text. */
        publicKey: z.string().min(1),
        /** Key management algorithm. Default RSA-OAEP-256. */
        alg: z.enum(jweKeyAlgorithms).default('RSA-OAEP-256'),
        /** Content encryption. Default A256GCM. */
        enc: z.enum(jweContentEncryptions).default('A256GCM'),
        /** `kid` put in the protected header when given. Default: none. */
        kid: z.string().min(1).optional(),
        /**
         * The body carries the compact JWE as it is (`application/jose`), or inside a JSON object under this field.
         * Default: as it is.
         */
        bodyField: z.string().min(1).optional(),
      })
      .strict(),
    /**
     * An enrollmentId the partner knows, used in every valid payload. Default: generated ids (a partner that checks ids
     * needs this).
     */
    enrollmentId: z.string().min(1).optional(),
    /**
     * An enrollmentId the partner does not know: sent so that the 422 shape is judged. Default: none (422 judged only
     * if met).
     */
    unknownEnrollmentId: z.string().min(1).optional(),
  })
  .strict();

export type AgenticSection = z.infer<typeof agenticSectionSchema>;

export const agenticConfigFixes: Record<string, string> = {
  baseUrl: 'give the partner base address, e.g. "http://127.0.0.1:8080/agentic"',
  token: 'write "${YOUR_AGENTIC_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
  encryption:
    'give { "publicKey": "${PARTNER_PUBLIC_KEY}" } and, when they differ from RSA-OAEP-256 / A256GCM, "alg" and "enc"',
};
