import type { MutantInfo } from '../../family-reference.ts';
import { type BehaviourMutant, behaviourOf, mutantInfos } from '../../mutant-behaviour.ts';
import type { RuleIdSuffix } from '../../../rules/rule-id.ts';
import { referenceBehaviour, userError, type AgenticBehaviour } from '../behaviour.ts';

type AgenticMutant = BehaviourMutant<AgenticBehaviour>;

const mutant = (
  name: string,
  breaks: RuleIdSuffix<'agentic'>,
  description: string,
  change: Partial<AgenticBehaviour>,
): AgenticMutant => ({
  name,
  family: 'agentic',
  breaks: `agentic.${breaks}`,
  mode: 'default',
  description,
  change,
});

const field = (payload: unknown, name: string): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[name] : undefined;

const definitions: readonly AgenticMutant[] = [
  mutant(
    'agentic-resume-refused',
    'enrollment-update.accepted',
    'An enrollment update with status RESUME is refused as an unknown status.',
    {
      payloadProblem: (payload) =>
        field(payload, 'enrollmentStatus') === 'RESUME'
          ? userError('INVALID_FIELD', 'unknown status', 'enrollmentStatus')
          : referenceBehaviour.payloadProblem(payload),
    },
  ),
  mutant(
    'agentic-intent-step-up-refused',
    'intent-update.accepted',
    'An intent update with stepUpSessionId is refused.',
    {
      payloadProblem: (payload) =>
        field(payload, 'notificationType') === 'INTENT_UPDATE' && field(payload, 'stepUpSessionId') !== undefined
          ? userError('INVALID_FIELD', 'unexpected field', 'stepUpSessionId')
          : referenceBehaviour.payloadProblem(payload),
    },
  ),
  mutant(
    'agentic-credential-cancel-no-content',
    'payment-credential-update.accepted',
    'A payment credential update with status CANCEL answers 204 without a body.',
    {
      accepted: (payload) =>
        payload.paymentCredentialStatus === 'CANCEL' ? { status: 204 } : referenceBehaviour.accepted(payload),
    },
  ),
  // Faults only a sequence of notifications shows: each single notification behaves (the stateful phase's to find).
  mutant(
    'agentic-refusal-error-left-in-200',
    'bodies.accepted-empty',
    "A payload refused for a field leaves its error on the agent's answer record, never cleared: the agent's next accepted notifications answer 200 with that error in the body.",
    {
      leftAfterRefusal: (error) => error,
      accepted: (payload, left) =>
        left ? { status: 200, body: { error: left } } : referenceBehaviour.accepted(payload),
    },
  ),
  mutant(
    'agentic-resent-jwe-acknowledged',
    'payload.required-fields',
    'A JWE decrypted before is acknowledged 200 as a duplicate without being read again, even when its first receipt was refused for a missing field.',
    { answersDuplicates: true },
  ),
  mutant(
    'agentic-200-with-members',
    'bodies.accepted-empty',
    'The 200 of an accepted notification is {"received":true} instead of an empty object.',
    {
      accepted: () => ({ status: 200, body: { received: true } }),
    },
  ),
  mutant(
    'agentic-user-exception-text-plain',
    'bodies.json',
    'The 400 answers carry their JSON body labelled text/plain.',
    {
      contentType: (status) => (status === 400 ? 'text/plain; charset=utf-8' : referenceBehaviour.contentType(status)),
    },
  ),
  mutant(
    'agentic-plain-json-accepted',
    'jwe.not-encrypted',
    'A body that parses as JSON is taken as the payload in clear.',
    {
      bodyJwe: (body) => {
        try {
          return { clear: JSON.parse(body) as unknown };
        } catch {
          return referenceBehaviour.bodyJwe(body);
        }
      },
    },
  ),
  mutant(
    'agentic-undecryptable-accepted',
    'jwe.other-key',
    "A JWE whose key was encrypted to another partner's key is acknowledged with 200 and dropped.",
    {
      undecryptable: (forOtherKey) => (forOtherKey ? 'accepted' : referenceBehaviour.undecryptable(forOtherKey)),
    },
  ),
  mutant(
    'agentic-jwe-cached-by-iv',
    'jwe.tampered',
    'Decrypted JWEs are cached by header, key and IV: a resent JWE with another tag or ciphertext is not decrypted again.',
    {
      cacheByPrefix: true,
    },
  ),
  mutant('agentic-tracking-id-optional', 'headers.tracking-id', 'trackingId is not required.', {
    headerPresent: (name, value) => name === 'trackingid' || referenceBehaviour.headerPresent(name, value),
  }),
  mutant('agentic-agent-id-optional', 'headers.agent-id', 'agentId is not required.', {
    headerPresent: (name, value) => name === 'agentid' || referenceBehaviour.headerPresent(name, value),
  }),
  mutant('agentic-no-auth-accepted', 'auth.missing', 'A notification without Authorization is accepted.', {
    bearerAccepted: (authorization, token) =>
      authorization === undefined || referenceBehaviour.bearerAccepted(authorization, token),
  }),
  mutant(
    'agentic-bearer-prefix-accepted',
    'auth.invalid',
    'Any bearer token that begins with the first 8 characters of the token is accepted.',
    {
      bearerAccepted: (authorization, token) => authorization?.startsWith(`Bearer ${token.slice(0, 8)}`) ?? false,
    },
  ),
  mutant(
    'agentic-credential-without-enrollment',
    'payload.required-fields',
    'A payment credential update without enrollmentId is accepted.',
    {
      payloadProblem: (payload) =>
        field(payload, 'notificationType') === 'PAYMENT_CREDENTIAL_UPDATE' &&
        field(payload, 'enrollmentId') === undefined
          ? undefined
          : referenceBehaviour.payloadProblem(payload),
    },
  ),
  mutant(
    'agentic-param-names-payload',
    'payload.required-fields',
    'A missing field is refused with param "payload" instead of the field.',
    {
      payloadProblem: (payload) => {
        const problem = referenceBehaviour.payloadProblem(payload);
        const param = problem?.error.param;
        return typeof param === 'string' && field(payload, param) === undefined
          ? userError('INVALID_FIELD', 'missing field', 'payload')
          : problem;
      },
    },
  ),
  mutant('agentic-status-any-case', 'payload.enum-values', 'Status values are compared without case.', {
    payloadProblem: (payload) => {
      if (typeof payload !== 'object' || payload === null) return referenceBehaviour.payloadProblem(payload);
      const upper = Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [
          key,
          key.endsWith('Status') && typeof value === 'string' ? value.toUpperCase() : value,
        ]),
      );
      return referenceBehaviour.payloadProblem(upper);
    },
  }),
  mutant(
    'agentic-unsecured-proof-accepted',
    'payload.proof-of-intent-signed-jwt',
    'An unsecured JWT (alg none, empty signature) is accepted as proofOfIntent.',
    {
      payloadProblem: (payload) => {
        const proof = field(payload, 'proofOfIntent');
        const [header, claims] = typeof proof === 'string' ? proof.split('.') : [];
        // The header's alg is not looked at: alg none passes as if it were signed.
        if (header && claims && /"alg":"none"/.test(Buffer.from(header, 'base64url').toString('utf8'))) {
          const signedLike = `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.${claims}.c2ln`;
          return referenceBehaviour.payloadProblem({ ...(payload as object), proofOfIntent: signedLike });
        }
        return referenceBehaviour.payloadProblem(payload);
      },
    },
  ),
  mutant(
    'agentic-422-as-user-exception',
    'errors.business-exception',
    'An unknown enrollment is a 422 whose error type is USER_EXCEPTION.',
    {
      unknownEnrollment: (enrollmentId) => ({
        status: 422,
        error: { code: 'UNKNOWN_ENROLLMENT', description: `no enrollment ${enrollmentId}`, type: 'USER_EXCEPTION' },
      }),
    },
  ),
  mutant(
    'agentic-500-on-bad-json',
    'errors.system-exception',
    "A decrypted text that is not JSON is a 500 with the parser's message and code 500.",
    {
      notJson: () => ({
        status: 500,
        error: { code: '500', description: 'Unexpected token', type: 'SYSTEM_EXCEPTION' },
      }),
    },
  ),
];

export const agenticMutants: readonly MutantInfo[] = mutantInfos(definitions);

/** The behaviour of the reference, or of the named mutant; an unknown name is an error listing the valid ones. */
export function agenticBehaviourFor(mutantName: string | undefined): AgenticBehaviour {
  return behaviourOf(referenceBehaviour, definitions, mutantName);
}
