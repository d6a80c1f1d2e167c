import { z } from 'zod';
import { breaks, ruleIssue } from '../rule-issues.ts';
import type { RuleId } from '../rule-id.ts';
import {
  clientIdLength,
  clientSecretMaxLength,
  grantType,
  idempotencyKeyMaxLength,
  trackIdMaxLength,
} from './limits.ts';

/*
 * One zod schema per record and header of the billing document. Every issue's message is the id of the
 * rule it breaks, so generators can be tested to break exactly the rule they name.
 */

/** Zod params naming the required-fields rule for a missing field, and `fieldRule` for any other issue. */
const missingOr = (fieldRule: RuleId) => ({
  error: (issue: { input: unknown }): RuleId =>
    issue.input === undefined ? 'billing.token.fields.required' : fieldRule,
});

const requiredString = (fieldRule: RuleId) => z.string(missingOr(fieldRule));

/** Token request body (billing document, "Token request"). */
export const tokenRequestSchema = z.object({
  client_id: requiredString('billing.token.client_id.length').length(
    clientIdLength,
    breaks('billing.token.client_id.length'),
  ),
  client_secret: requiredString('billing.token.client_secret.length').max(
    clientSecretMaxLength,
    breaks('billing.token.client_secret.length'),
  ),
  grant_type: z.literal(grantType, missingOr('billing.token.grant_type.enum')),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** UUID with hyphens, 8-4-4-4-12 hexadecimal digits: 36 characters. */
export const hyphenatedUuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Svc-Entity-Ids on the token operation. */
export const tokenEntityIdsSchema = z.string().regex(hyphenatedUuidPattern, breaks('billing.token.entity_ids.uuid'));

/** Header names that must not accompany the token request, compared case-insensitively. */
export const tokenForbiddenHeaderNames = ['authorization', 'apiaccesskeyid', 'apisecretaccesskey'] as const;

/** The headers of a token request: only the forbidden names are ruled here; the rest have their own schemas. */
export const tokenHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if ((tokenForbiddenHeaderNames as readonly string[]).includes(name.toLowerCase())) {
      ctx.addIssue(ruleIssue('billing.token.forbidden_headers', [name]));
    }
  }
});

/** Svc-Track-Id: at most 64 US-ASCII characters, none of : ; " ' (billing document, "Headers"). */
export const trackIdSchema = z
  .string()
  .max(trackIdMaxLength, breaks('billing.headers.track_id.length'))
  .regex(/^[\x20-\x7e]*$/, breaks('billing.headers.track_id.charset'))
  .regex(/^[^:;"']*$/, breaks('billing.headers.track_id.charset'));

/** Idempotency-Key: at most 255 characters. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(idempotencyKeyMaxLength, breaks('billing.headers.idempotency_key.length'));

/** The rule ids a value breaks under a schema: the distinct issue messages, in order. */
export function rulesBrokenBy(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}
