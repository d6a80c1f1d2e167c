/*
 * Every limit and enumeration the billing document states, once (billing document, "Token request",
 * "Headers", "Limits"). Schemas, generators, checks, suites, the reference and its mutants import them;
 * test/rules/limits-written-once.test.ts finds any written again as a literal outside rules/.
 */

/** client_id is exactly this many characters (a hyphenated UUID). */
export const clientIdLength = 36;

/** client_secret is at most this many characters. */
export const clientSecretMaxLength = 42;

/** The one grant_type the token operation accepts. */
export const grantType = 'client_credentials';

/** Svc-Track-Id is at most this many characters. */
export const trackIdMaxLength = 64;

/** Characters Svc-Track-Id may not hold (besides anything outside printable US-ASCII). */
export const trackIdForbiddenChars = [':', ';', '"', "'"] as const;

/** Idempotency-Key is at most this many characters. */
export const idempotencyKeyMaxLength = 255;

/** Responses larger than this many bytes are gzip-compressed when the request accepts gzip. */
export const gzipThresholdBytes = 1000;
