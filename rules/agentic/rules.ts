import { defineRules } from '../rule.ts';
import { agenticSource as source } from './source.ts';

const family = 'agentic';

/** Every rule of part C of document 2: the partner's endpoint for agentic-commerce notifications. */
export const agenticRules = defineRules()([
  {
    id: 'agentic.enrollment-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      "An enrollment update with each enrollmentStatus (ACTIVE, SUSPEND, CANCEL, RESUME), with and without stepUpSessionId, JWE-encrypted to the partner's key with bearer, trackingId and agentId, answers 200 with a JSON object.",
    check: 'notification-accepted',
  },
  {
    id: 'agentic.intent-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      'An intent update with each intentStatus (ACTIVE, CANCEL) and a signed JWT as proofOfIntent, with and without stepUpSessionId, encrypted and sent as documented, answers 200 with a JSON object.',
    check: 'notification-accepted',
  },
  {
    id: 'agentic.payment-credential-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      'A payment credential update with each paymentCredentialStatus (ACTIVE, CANCEL), with and without stepUpSessionId, encrypted and sent as documented, answers 200 with a JSON object.',
    check: 'notification-accepted',
  },
  {
    id: 'agentic.jwe.not-encrypted',
    family,
    source: source('What the service does, C; Endpoints, C; Authentication, C'),
    statement: 'A valid payload sent as plain JSON (not JWE-encrypted) is refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.jwe.other-key',
    family,
    source: source('Authentication, C'),
    statement: "A valid payload encrypted to a key other than the partner's is refused (4xx).",
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.jwe.tampered',
    family,
    source: source('Authentication, C'),
    statement:
      'A JWE whose authentication tag, ciphertext, initialisation vector, encrypted key or protected header was altered is refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.headers.tracking-id',
    family,
    source: source('Endpoints, C'),
    statement:
      'A notification without the trackingId header (or with it empty) is refused (4xx), whatever the payload.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.headers.agent-id',
    family,
    source: source('Endpoints, C'),
    statement: 'A notification without the agentId header (or with it empty) is refused (4xx), whatever the payload.',
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.auth.missing',
    family,
    source: source('Authentication, C; Endpoints, C'),
    statement: 'A notification without an Authorization header is refused (4xx), whatever the payload.',
    check: 'unauthorized-status',
  },
  {
    id: 'agentic.auth.invalid',
    family,
    source: source('Authentication, C'),
    statement:
      'A notification with a bearer token the partner did not issue (altered, truncated, extended, another scheme) is refused (4xx).',
    check: 'unauthorized-status',
  },
  {
    id: 'agentic.payload.required-fields',
    family,
    source: source('Resources, C; Errors, C'),
    statement:
      'A payload missing one of its required fields (notificationType, enrollmentId, its status, proofOfIntent on an intent update) is 400 with error type USER_EXCEPTION, code and description, and `param`, when present, naming the missing field.',
    check: 'user-exception',
  },
  {
    id: 'agentic.payload.enum-values',
    family,
    source: source('Resources, C; States and transitions; Errors, C'),
    statement:
      'A payload with a value outside its enumeration (notificationType, enrollmentStatus, intentStatus, paymentCredentialStatus: other case, a status of another payload, unknown) is 400 USER_EXCEPTION, `param` when present naming the field.',
    check: 'user-exception',
  },
  {
    id: 'agentic.payload.proof-of-intent-signed-jwt',
    family,
    source: source('Resources, C. Intent update; Errors, C'),
    statement:
      'An intent update whose proofOfIntent is not a signed JWT (plain text, an unsecured alg none token, two parts, a JWE, a header or claims that are not JSON) is 400 USER_EXCEPTION, `param` when present naming proofOfIntent.',
    check: 'user-exception',
  },
  {
    id: 'agentic.errors.business-exception',
    family,
    source: source('Errors, C'),
    statement:
      'A 422, when one occurs (a notification about an enrollment the partner does not know, when the target entry names one), carries error {code, description, type BUSINESS_EXCEPTION}.',
    check: 'error-shape-when-present',
  },
  {
    id: 'agentic.bodies.accepted-empty',
    family,
    source: source('Endpoints, C'),
    statement: 'The 200 of a valid notification is an empty JSON object: `{}`, no member.',
    check: 'empty-json-object',
  },
  {
    id: 'agentic.bodies.json',
    family,
    source: source('Endpoints ("All bodies are JSON"); Errors, C'),
    statement:
      'The 200 and the documented error answers (400, 422, 500) are labelled application/json (or a +json type) and parse as JSON; other statuses are observed.',
    check: 'json-body',
  },
  {
    id: 'agentic.errors.system-exception',
    family,
    source: source('Errors, C'),
    statement:
      'A 500, when one occurs (payloads at the edges: decrypted text that is not JSON, a JSON array, very long values), carries error {code 20001, description "Internal server error", type SYSTEM_EXCEPTION}.',
    check: 'error-shape-when-present',
  },
]);

export type AgenticRuleId = (typeof agenticRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    agentic: AgenticRuleId;
  }
}
