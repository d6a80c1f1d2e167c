import { rulesBrokenBy, tokenEntityIdsSchema, tokenHeadersSchema, tokenRequestSchema } from './schemas.ts';

/**
 * Every rule a whole token request breaks: its body, the headers it must not carry, and the form of
 * Svc-Entity-Ids when present (header names compared case-insensitively).
 */
export function tokenRequestRulesBroken(body: unknown, headers: Record<string, string>): string[] {
  const entity = Object.entries(headers).find(([name]) => name.toLowerCase() === 'svc-entity-ids')?.[1];
  return [
    ...new Set([
      ...rulesBrokenBy(tokenRequestSchema, body),
      ...rulesBrokenBy(tokenHeadersSchema, headers),
      ...(entity === undefined ? [] : rulesBrokenBy(tokenEntityIdsSchema, entity)),
    ]),
  ];
}
