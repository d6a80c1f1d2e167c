import { z } from 'zod';
import { billingRuleIds as id } from './ids.ts';
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

const requiredString = (fieldRule: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? id.tokenFieldsRequired : fieldRule) });

/** Token request body (billing document, "Token request"). */
export const tokenRequestSchema = z.object({
  client_id: requiredString(id.clientIdLength).length(clientIdLength, { error: id.clientIdLength }),
  client_secret: requiredString(id.clientSecretLength).max(clientSecretMaxLength, { error: id.clientSecretLength }),
  grant_type: z.literal(grantType, {
    error: (issue) => (issue.input === undefined ? id.tokenFieldsRequired : id.grantTypeEnum),
  }),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** UUID with hyphens, 8-4-4-4-12 hexadecimal digits: 36 characters. */
export const hyphenatedUuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Svc-Entity-Ids on the token operation. */
export const tokenEntityIdsSchema = z.string().regex(hyphenatedUuidPattern, { error: id.tokenEntityIdsUuid });

/** Header names that must not accompany the token request, compared case-insensitively. */
export const tokenForbiddenHeaderNames = ['authorization', 'apiaccesskeyid', 'apisecretaccesskey'] as const;

/** The headers of a token request: only the forbidden names are ruled here; the rest have their own schemas. */
export const tokenHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if ((tokenForbiddenHeaderNames as readonly string[]).includes(name.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: id.tokenForbiddenHeaders, path: [name] });
    }
  }
});

/** Svc-Track-Id: at most 64 US-ASCII characters, none of : ; " ' (billing document, "Headers"). */
export const trackIdSchema = z
  .string()
  .max(trackIdMaxLength, { error: id.trackIdLength })
  .regex(/^[\x20-\x7e]*$/, { error: id.trackIdCharset })
  .regex(/^[^:;"']*$/, { error: id.trackIdCharset });

/** Idempotency-Key: at most 255 characters. */
export const idempotencyKeySchema = z.string().min(1).max(idempotencyKeyMaxLength, { error: id.idempotencyKeyLength });

/** The rule ids a value breaks under a schema: the distinct issue messages, in order. */
export function rulesBrokenBy(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}
