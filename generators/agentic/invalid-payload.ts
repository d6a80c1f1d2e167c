import fc from 'fast-check';
import { notificationTypes, payloadKinds, requiredFields, type NotificationType } from '../../rules/agentic/records.ts';
import type { Gen, InvalidCase } from '../gen.ts';
import { payloadOf, type PayloadContext } from './valid-payload.ts';

/** A payload that breaks one field rule, and the field a `param` must name. */
export interface InvalidPayload extends InvalidCase<Record<string, unknown>> {
  field: string;
}

const rules = {
  required: 'agentic.payload.required-fields',
  enum: 'agentic.payload.enum-values',
  proof: 'agentic.payload.proof-of-intent-signed-jwt',
} as const;

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** proofOfIntent values that are not a signed JWT, derived from a real one where that makes them closer. */
export function unsignedProofs(signed: string): [unknown, string][] {
  const [, claims] = signed.split('.');
  return [
    ['intent-approved', 'plain text'],
    ['', 'empty'],
    [`${b64({ alg: 'none', typ: 'JWT' })}.${claims}.`, 'an unsecured JWT (alg none, no signature)'],
    [`${b64({ alg: 'none' })}.${claims}.c2ln`, 'alg none with a signature part'],
    [signed.split('.').slice(0, 2).join('.'), 'two parts (signature dropped)'],
    [`${signed}.eA`, 'four parts'],
    [`${b64({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })}.a2V5.aXY.Y2lwaGVy.dGFn`, 'a JWE (five parts)'],
    [`${b64('not json')}.${claims}.c2ln`, 'a header that is not JSON'],
    [`${b64({ alg: 'ES256' })}.${b64('not json')}.c2ln`, 'claims that are not JSON'],
    [`${b64({ alg: 'ES256' })}.${b64([1, 2])}.c2ln`, 'claims that are a JSON array'],
    [`${b64({ typ: 'JWT' })}.${claims}.c2ln`, 'a header without alg'],
    [42, 'a number'],
    [{ jwt: signed }, 'an object'],
  ];
}

/** Values outside a status enumeration: other case, statuses of the other payloads, unknown, empty. */
const badStatuses = (kind: NotificationType): string[] => {
  const own = payloadKinds[kind].statuses as readonly string[];
  const others = ['SUSPEND', 'RESUME', 'INACTIVE', 'PENDING'].filter((status) => !own.includes(status));
  return [...own.map((status) => status.toLowerCase()), `${own[0]} `, ...others, ''];
};

/**
 * Payloads of every kind that each break one field rule: every required field left out, every enumeration
 * given a value outside it (notificationType included), proofOfIntent not a signed JWT. The rest of the
 * payload is valid, so the refusal can only come from the broken field.
 */
export function invalidPayload(ruleId: string, context: PayloadContext): Gen<InvalidPayload> {
  const id = context.enrollmentId ?? 'enr-harness-0002';
  const valid = (kind: NotificationType) =>
    payloadOf(kind, payloadKinds[kind].statuses[0], context, id) as Record<string, unknown>;
  const all: InvalidPayload[] = [];
  for (const kind of notificationTypes) {
    for (const field of requiredFields[kind]) {
      const { [field]: _left, ...rest } = valid(kind);
      all.push({ value: rest, breaks: rules.required, field, why: `${kind} without ${field}` });
    }
    const statusField = payloadKinds[kind].statusField;
    for (const status of [...badStatuses(kind), 1, null, [payloadKinds[kind].statuses[0]]])
      all.push({
        value: { ...valid(kind), [statusField]: status },
        breaks: rules.enum,
        field: statusField,
        why: `${kind} with ${statusField} ${JSON.stringify(status)}`,
      });
    for (const type of [kind.toLowerCase(), kind.replace('_UPDATE', ''), 'UNKNOWN_UPDATE', ''])
      all.push({
        value: { ...valid(kind), notificationType: type },
        breaks: rules.enum,
        field: 'notificationType',
        why: `${kind} payload with notificationType ${JSON.stringify(type)}`,
      });
  }
  for (const [value, why] of unsignedProofs(context.proofs[0] as string))
    all.push({
      value: { ...valid('INTENT_UPDATE'), proofOfIntent: value },
      breaks: rules.proof,
      field: 'proofOfIntent',
      why: `proofOfIntent ${why}`,
    });
  const boundaries = all.filter((invalid) => invalid.breaks === ruleId);
  if (boundaries.length === 0) throw new Error(`No invalid payloads for ${ruleId}`);
  return { boundaries, arbitrary: fc.constantFrom(...boundaries) };
}
