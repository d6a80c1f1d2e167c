import { constants, KeyObject, privateDecrypt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { compactDecrypt, type CryptoKey } from 'jose';
import type { AgenticBehaviour, Refusal } from './behaviour.ts';
import { userError } from './behaviour.ts';

export interface Answer {
  status: number;
  body?: unknown;
}

const refused = (refusal: Refusal): Answer => ({ status: refusal.status, body: { error: refusal.error } });

/** Which enrollments the reference knows: all of them, or only ids beginning with `enr-` (then others get 422). */
export type EnrollmentSetting = 'any' | 'known';

/**
 * The partner's side of a notification: bearer, trackingId and agentId, then the JWE decrypted with the
 * reference's private key, the payload judged against part C, the enrollment looked up.
 */
export class NotificationHandler {
  readonly #decrypted = new Map<string, string>();
  /** What refusals left per agentId (only a mutant's `leftAfterRefusal` leaves anything). */
  readonly #left = new Map<string, Record<string, unknown>>();
  /** The JWEs decrypted, kept only for a mutant that answers duplicates. */
  readonly #received = new Set<string>();

  constructor(
    readonly behaviour: AgenticBehaviour,
    readonly token: string,
    readonly privateKey: Promise<CryptoKey>,
    readonly enrollments: EnrollmentSetting,
  ) {}

  async handle(req: IncomingMessage, body: string): Promise<Answer> {
    const { behaviour } = this;
    const header = (name: string) =>
      typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
    if (!behaviour.bearerAccepted(header('authorization'), this.token))
      return refused({
        status: 401,
        error: { code: 'UNAUTHORIZED', description: 'a valid bearer token is required', type: 'USER_EXCEPTION' },
      });
    for (const name of ['trackingid', 'agentid'] as const) {
      if (!behaviour.headerPresent(name, header(name)))
        return refused(
          userError('MISSING_HEADER', `${name} is required`, name === 'trackingid' ? 'trackingId' : 'agentId'),
        );
    }
    const read = behaviour.bodyJwe(body);
    if ('jwe' in read && behaviour.answersDuplicates && this.#received.has(read.jwe)) return { status: 200, body: {} };
    let plaintext: string;
    if ('clear' in read) {
      plaintext = JSON.stringify(read.clear);
    } else {
      const decrypted = await this.#decrypt(read.jwe);
      if (decrypted === undefined) {
        const outcome = behaviour.undecryptable(await this.#forOtherKey(read.jwe));
        return outcome === 'accepted' ? { status: 200, body: {} } : refused(outcome);
      }
      plaintext = decrypted;
      if (behaviour.answersDuplicates) this.#received.add(read.jwe);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(plaintext);
    } catch {
      return refused(behaviour.notJson());
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return refused(userError('INVALID_PAYLOAD', 'the decrypted payload is not a JSON object'));
    const agentId = header('agentid') as string;
    const problem = behaviour.payloadProblem(payload);
    if (problem) return this.#refusedPayload(agentId, problem);
    const enrollmentId = String((payload as { enrollmentId: string }).enrollmentId);
    if (this.enrollments === 'known' && !enrollmentId.startsWith('enr-'))
      return refused(behaviour.unknownEnrollment(enrollmentId));
    return behaviour.accepted(payload as Record<string, unknown>, this.#left.get(agentId));
  }

  /** A payload refused for a field; what the behaviour says it leaves is kept for the agent's next answers. */
  #refusedPayload(agentId: string, problem: Refusal): Answer {
    const left = this.behaviour.leftAfterRefusal(problem.error);
    if (left) this.#left.set(agentId, left);
    return refused(problem);
  }

  /**
   * Whether a JWE that did not decrypt is a well-formed compact JWE whose encrypted key does not decrypt with
   * the partner's key (RSA-OAEP-256): one encrypted to another key. jose hides an unwrap failure behind a
   * random key (against padding oracles), so it is asked here, for a mutant to tell that case apart.
   */
  async #forOtherKey(jwe: string): Promise<boolean> {
    const parts = jwe.split('.');
    if (parts.length !== 5 || !parts[1]) return false;
    try {
      JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8'));
    } catch {
      return false;
    }
    try {
      privateDecrypt(
        { key: KeyObject.from(await this.privateKey), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(parts[1], 'base64url'),
      );
      return false;
    } catch {
      return true;
    }
  }

  async #decrypt(jwe: string): Promise<string | undefined> {
    const prefix = jwe.split('.').slice(0, 3).join('.');
    if (this.behaviour.cacheByPrefix && this.#decrypted.has(prefix)) return this.#decrypted.get(prefix);
    try {
      const { plaintext } = await compactDecrypt(jwe, await this.privateKey);
      const text = new TextDecoder().decode(plaintext);
      if (this.behaviour.cacheByPrefix) this.#decrypted.set(prefix, text);
      return text;
    } catch {
      return undefined;
    }
  }
}
