import { notificationPayloadSchema } from '../../rules/agentic/records.ts';

/** A refusal of the reference: status, and the error it puts in the body. */
export interface Refusal {
  status: number;
  error: Record<string, unknown>;
}

export const userError = (code: string, description: string, param?: string): Refusal => ({
  status: 400,
  error: { code, description, type: 'USER_EXCEPTION', ...(param === undefined ? {} : { param }) },
});

/** The points of the agentic reference a mutant may replace, each the behaviour of one rule. */
export interface AgenticBehaviour {
  bearerAccepted(authorization: string | undefined, token: string): boolean;
  /** Whether a header value counts as present (trackingId, agentId). */
  headerPresent(name: 'trackingid' | 'agentid', value: string | undefined): boolean;
  /** Reads the body before decryption: the compact JWE, or a payload the mutant takes in clear. */
  bodyJwe(body: string): { jwe: string } | { clear: unknown };
  /**
   * What a JWE that did not decrypt gets (a refusal; a mutant may let it through as accepted). `forOtherKey`
   * tells a well-formed JWE whose encrypted key does not decrypt with the partner's key (it was encrypted to
   * another key) from anything else (not a JWE, or one altered after its key).
   */
  undecryptable(forOtherKey: boolean): Refusal | 'accepted';
  /** A cache of decrypted JWEs by header, key and IV: a mutant skips decryption on a hit. */
  cacheByPrefix: boolean;
  /** What a plaintext that is not JSON gets. */
  notJson(): Refusal;
  /** The first problem of a payload (400 with param), or undefined. */
  payloadProblem(payload: unknown): Refusal | undefined;
  /** The 422 of a payload about an enrollment the reference does not know. */
  unknownEnrollment(enrollmentId: string): Refusal;
  /**
   * The answer to an accepted payload; `left` is what a refused payload of the same agent left behind (see
   * `leftAfterRefusal`), which the reference never has.
   */
  accepted(payload: Record<string, unknown>, left?: Record<string, unknown>): { status: number; body?: unknown };
  /** What a payload refused for a field leaves for the agent's next answers (nothing; a mutant keeps its error). */
  leftAfterRefusal(error: Record<string, unknown>): Record<string, unknown> | undefined;
  /** Whether a JWE decrypted before is answered as a duplicate (200 `{}`) without being read again (a mutant's). */
  answersDuplicates: boolean;
  /** The Content-Type of an answer of this status (documented: JSON). */
  contentType(status: number): string;
}

export const referenceBehaviour: AgenticBehaviour = {
  bearerAccepted: (authorization, token) => authorization === `Bearer ${token}`,
  headerPresent: (_name, value) => value !== undefined && value !== '',
  bodyJwe: (body) => ({ jwe: body.trim() }),
  undecryptable: () => userError('INVALID_ENCRYPTION', 'the payload is not a JWE this partner can decrypt'),
  cacheByPrefix: false,
  notJson: () => userError('INVALID_PAYLOAD', 'the decrypted payload is not a JSON object'),
  payloadProblem: (payload) => {
    const parsed = notificationPayloadSchema.safeParse(payload);
    if (parsed.success) return undefined;
    const issue = parsed.error.issues[0];
    const param = issue?.path.map(String).join('.') || undefined;
    return userError('INVALID_FIELD', issue?.message ?? 'invalid payload', param);
  },
  unknownEnrollment: (enrollmentId) => ({
    status: 422,
    error: { code: 'UNKNOWN_ENROLLMENT', description: `no enrollment ${enrollmentId}`, type: 'BUSINESS_EXCEPTION' },
  }),
  accepted: () => ({ status: 200, body: {} }),
  leftAfterRefusal: () => undefined,
  answersDuplicates: false,
  contentType: () => 'application/json; charset=utf-8',
};
