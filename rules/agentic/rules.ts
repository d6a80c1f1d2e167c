import { said } from '../rule-quotes.ts';
import { defineRules, type RuleQuote } from '../rule.ts';
import { agenticSource as source } from './source.ts';

const family = 'agentic';

/** A sentence of document 2, part C, and the word or cell that makes it a demand (absent: context or observed). */
/** The standard the document's "JWE-encrypted" names: what a recipient does with a JWE it cannot decrypt. */
const jweSaid = (text: string, demand: string): RuleQuote => ({
  text,
  demand,
  from: {
    title: 'RFC 7516, JSON Web Encryption (JWE)',
    version: 'May 2015',
    section: '5.2. Message Decryption',
    url: 'https://www.rfc-editor.org/rfc/rfc7516#section-5.2',
  },
});

// Sentences and table rows of document 2, part C, word for word (test/rules/rule-quotes.test.ts finds each in it).
const enrollmentRow =
  'Enrollment update | notificationType (enum `ENROLLMENT_UPDATE`, required); enrollmentStatus (enum `ACTIVE`, `SUSPEND`, `CANCEL`, `RESUME`, required); enrollmentId (string, required); stepUpSessionId (string, optional).';
const intentRow =
  'Intent update | notificationType (`INTENT_UPDATE`); enrollmentId; intentStatus (enum `ACTIVE`, `CANCEL`); proofOfIntent (string, a signed JSON web token, required); stepUpSessionId (optional).';
const credentialRow =
  'Payment credential update | notificationType (`PAYMENT_CREDENTIAL_UPDATE`); enrollmentId; paymentCredentialStatus (enum `ACTIVE`, `CANCEL`); stepUpSessionId (optional).';
const endpointRow =
  'Authorization (bearer, required), trackingId (string, required; unique tracking identifier), agentId (string, required; agent identifier). | One of the three payloads of area C; JWE-encrypted on the wire. | 200, empty JSON object.';
const onTheWire = 'Payloads are JWE-encrypted on the wire.';
const authentication =
  '**C. Agentic commerce.** Bearer token in `Authorization`. Payloads are JWE-encrypted; key exchange and algorithms of that encryption: not shown.';
const statuses =
  '**Agentic-commerce statuses:** enrollment ACTIVE, SUSPEND, CANCEL, RESUME; intent ACTIVE, CANCEL; payment credential ACTIVE, CANCEL.';
const userException =
  '400 | error {code string, description string, type `USER_EXCEPTION`, param string optional (offending parameter)}';
const businessException = '422 | error {code, description, type `BUSINESS_EXCEPTION`}';
const systemException = '500 | error {code `20001`, description `Internal server error`, type `SYSTEM_EXCEPTION`}';
const notShown = '401, 404 | bodies: not shown';
const allJson = 'All bodies are JSON.';
/** RFC 7516's decryption: a JWE whose tag fails, or that no key of the recipient opens, is rejected. */
const tagChecked = jweSaid(
  'Decrypt the JWE Ciphertext using the CEK, the JWE Initialization Vector, the Additional Authenticated Data value, and the JWE Authentication Tag (which is the Authentication Tag input to the calculation) using the specified content encryption algorithm, returning the decrypted plaintext and validating the JWE Authentication Tag in the manner specified for the algorithm, rejecting the input without emitting any decrypted output if the JWE Authentication Tag is incorrect.',
  'rejecting the input without emitting any decrypted output',
);
const noRecipient = jweSaid(
  'If there was no recipient for which all of the decryption steps succeeded, then the JWE MUST be considered invalid.',
  'MUST be considered invalid',
);

/** Every rule of part C of document 2: the partner's endpoint for agentic-commerce notifications. */
export const agenticRules = defineRules()([
  {
    id: 'agentic.enrollment-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      "An enrollment update with each enrollmentStatus (ACTIVE, SUSPEND, CANCEL, RESUME), with and without stepUpSessionId, JWE-encrypted to the partner's key with bearer, trackingId and agentId, answers 200 with a JSON object.",
    quotes: [
      said(endpointRow, '200, empty JSON object'),
      said(enrollmentRow, 'enrollmentStatus (enum `ACTIVE`, `SUSPEND`, `CANCEL`, `RESUME`, required)'),
      said(enrollmentRow, 'stepUpSessionId (string, optional)'),
    ],
    check: 'notification-accepted',
  },
  {
    id: 'agentic.intent-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      'An intent update with each intentStatus (ACTIVE, CANCEL) and a signed JWT as proofOfIntent, with and without stepUpSessionId, encrypted and sent as documented, answers 200 with a JSON object.',
    quotes: [
      said(endpointRow, '200, empty JSON object'),
      said(intentRow, 'intentStatus (enum `ACTIVE`, `CANCEL`)'),
      said(intentRow, 'stepUpSessionId (optional)'),
    ],
    check: 'notification-accepted',
  },
  {
    id: 'agentic.payment-credential-update.accepted',
    family,
    source: source('Resources, C; Endpoints, C'),
    statement:
      'A payment credential update with each paymentCredentialStatus (ACTIVE, CANCEL), with and without stepUpSessionId, encrypted and sent as documented, answers 200 with a JSON object.',
    quotes: [
      said(endpointRow, '200, empty JSON object'),
      said(credentialRow, 'paymentCredentialStatus (enum `ACTIVE`, `CANCEL`)'),
      said(credentialRow, 'stepUpSessionId (optional)'),
    ],
    check: 'notification-accepted',
  },
  {
    id: 'agentic.jwe.not-encrypted',
    family,
    source: source('What the service does, C; Endpoints, C; Authentication, C'),
    statement: 'A valid payload sent as plain JSON (not JWE-encrypted) is refused (4xx).',
    quotes: [said(endpointRow, 'JWE-encrypted on the wire'), said(onTheWire)],
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.jwe.other-key',
    family,
    source: source('Authentication, C'),
    statement: "A valid payload encrypted to a key other than the partner's is refused (4xx).",
    quotes: [said(endpointRow, 'JWE-encrypted on the wire'), said(authentication), noRecipient],
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.jwe.tampered',
    family,
    source: source('Authentication, C'),
    statement:
      'A JWE whose authentication tag, ciphertext, initialisation vector, encrypted key or protected header was altered is refused (4xx).',
    quotes: [said(endpointRow, 'JWE-encrypted on the wire'), tagChecked, noRecipient],
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.headers.tracking-id',
    family,
    source: source('Endpoints, C'),
    statement:
      'A notification without the trackingId header is refused (4xx), whatever the payload; what one with it empty gets is observed ("string, required" asks for the header, not for a value of some length).',
    quotes: [said(endpointRow, 'trackingId (string, required')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.headers.agent-id',
    family,
    source: source('Endpoints, C'),
    statement:
      'A notification without the agentId header is refused (4xx), whatever the payload; what one with it empty gets is observed ("string, required" asks for the header, not for a value of some length).',
    quotes: [said(endpointRow, 'agentId (string, required')],
    check: 'status-for-invalid-input',
  },
  {
    id: 'agentic.auth.missing',
    family,
    source: source('Authentication, C; Endpoints, C'),
    statement: 'A notification without an Authorization header is refused (4xx), whatever the payload.',
    quotes: [said(endpointRow, 'Authorization (bearer, required)')],
    check: 'unauthorized-status',
  },
  {
    id: 'agentic.auth.invalid',
    family,
    source: source('Authentication, C'),
    statement:
      'A notification with a bearer token the partner did not issue (altered, truncated, extended, another scheme) is refused (4xx).',
    quotes: [said(authentication, 'Bearer token in `Authorization`')],
    check: 'unauthorized-status',
  },
  {
    id: 'agentic.payload.required-fields',
    family,
    source: source('Resources, C; Errors, C'),
    statement:
      'A payload missing one of its required fields (notificationType, enrollmentId, its status, proofOfIntent on an intent update) is 400 with error type USER_EXCEPTION, code and description, and `param`, when present, naming the missing field.',
    quotes: [
      said(enrollmentRow, 'required'),
      said(intentRow, 'proofOfIntent (string, a signed JSON web token, required); stepUpSessionId (optional)'),
      said(credentialRow, 'stepUpSessionId (optional)'),
      said(userException, '400 | error {code string, description string, type `USER_EXCEPTION`'),
      said(userException, 'param string optional (offending parameter)'),
    ],
    check: 'user-exception',
  },
  {
    id: 'agentic.payload.enum-values',
    family,
    source: source('Resources, C; States and transitions; Errors, C'),
    statement:
      'A payload with a value outside its enumeration (notificationType, enrollmentStatus, intentStatus, paymentCredentialStatus: other case, a status of another payload, unknown) is 400 USER_EXCEPTION, `param` when present naming the field.',
    quotes: [
      said(enrollmentRow, 'enum `ENROLLMENT_UPDATE`'),
      said(enrollmentRow, 'enum `ACTIVE`, `SUSPEND`, `CANCEL`, `RESUME`'),
      said(intentRow, 'enum `ACTIVE`, `CANCEL`'),
      said(credentialRow, 'enum `ACTIVE`, `CANCEL`'),
      said(statuses),
      said(userException, '400 | error {code string, description string, type `USER_EXCEPTION`'),
      said(userException, 'param string optional (offending parameter)'),
    ],
    check: 'user-exception',
  },
  {
    id: 'agentic.payload.proof-of-intent-signed-jwt',
    family,
    source: source('Resources, C. Intent update; Errors, C'),
    statement:
      'An intent update whose proofOfIntent is not a signed JWT (plain text, an unsecured alg none token, two parts, a JWE, a header or claims that are not JSON) is 400 USER_EXCEPTION, `param` when present naming proofOfIntent.',
    quotes: [
      said(intentRow, 'a signed JSON web token'),
      said(userException, '400 | error {code string, description string, type `USER_EXCEPTION`'),
      said(userException, 'param string optional (offending parameter)'),
    ],
    check: 'user-exception',
  },
  {
    id: 'agentic.errors.business-exception',
    family,
    source: source('Errors, C'),
    statement:
      'A 422, when one occurs (a notification about an enrollment the partner does not know, when the target entry names one), carries error {code, description, type BUSINESS_EXCEPTION}.',
    quotes: [said(businessException, 'error {code, description, type `BUSINESS_EXCEPTION`}')],
    check: 'error-shape-when-present',
  },
  {
    id: 'agentic.bodies.accepted-empty',
    family,
    source: source('Endpoints, C'),
    statement: 'The 200 of a valid notification is an empty JSON object: `{}`, no member.',
    quotes: [said(endpointRow, 'empty JSON object')],
    check: 'empty-json-object',
  },
  {
    id: 'agentic.bodies.json',
    family,
    source: source('Endpoints ("All bodies are JSON"); Errors, C'),
    statement:
      'The 200 and the documented error answers (400, 422, 500) are labelled application/json (or a +json type) and parse as JSON; other statuses are observed.',
    quotes: [said(allJson, 'All bodies are JSON'), said(notShown)],
    check: 'json-body',
  },
  {
    id: 'agentic.errors.system-exception',
    family,
    source: source('Errors, C'),
    statement:
      'A 500, when one occurs (payloads at the edges: decrypted text that is not JSON, a JSON array, very long values), carries error {code 20001, description "Internal server error", type SYSTEM_EXCEPTION}.',
    quotes: [
      said(systemException, 'error {code `20001`, description `Internal server error`, type `SYSTEM_EXCEPTION`}'),
    ],
    check: 'error-shape-when-present',
  },
]);

export type AgenticRuleId = (typeof agenticRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    agentic: AgenticRuleId;
  }
}
