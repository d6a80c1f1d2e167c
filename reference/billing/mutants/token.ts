import { clientIdLength, clientSecretMaxLength, grantType } from '../../../rules/billing/limits.ts';
import { mutant, type BillingMutant } from './define.ts';

/** Faulty variants of the token operation. */
export const tokenMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'token-client-id-any-length',
      breaks: 'billing.token.client_id.length',
      mode: 'multi',
      description: 'Skips the 36-character check: a client_id of any other length is taken as the right one.',
    },
    'checkClientId',
    (reference) => (sent, expected) => (sent.length === clientIdLength ? reference(sent, expected) : 'ok'),
  ),
  mutant(
    {
      name: 'token-secret-prefix-match',
      breaks: 'billing.token.client_secret.length',
      mode: 'multi',
      description: 'Accepts a client_secret longer than 42 characters when it starts with the real secret.',
    },
    'checkClientSecret',
    (reference) => (sent, expected) =>
      sent.length > clientSecretMaxLength && sent.startsWith(expected) ? 'ok' : reference(sent, expected),
  ),
  mutant(
    {
      name: 'token-any-grant-type',
      breaks: 'billing.token.grant_type.enum',
      mode: 'multi',
      description: 'Accepts any grant_type string.',
    },
    'grantTypeAccepted',
    () => () => true,
  ),
  mutant(
    {
      name: 'token-default-grant-type',
      breaks: 'billing.token.fields.required',
      mode: 'multi',
      description: 'Treats a missing grant_type as client_credentials instead of refusing the request.',
    },
    'tokenFieldDefaults',
    () => ({ grant_type: grantType }),
  ),
  mutant(
    {
      name: 'token-entity-id-any-format',
      breaks: 'billing.token.entity_ids.uuid',
      mode: 'multi',
      description:
        'Svc-Entity-Ids on the token operation: 32 hex digits without hyphens are read as that UUID, ' +
        'any other malformed value is ignored.',
    },
    'parseTokenEntityId',
    (reference) => (raw) => {
      const hex = /^[0-9a-fA-F]{32}$/.test(raw) ? raw : undefined;
      if (hex) return { ok: true, id: hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') };
      const parsed = reference(raw);
      return parsed.ok ? parsed : { ok: true, id: undefined };
    },
  ),
  mutant(
    {
      name: 'token-ignores-forbidden-headers',
      breaks: 'billing.token.forbidden_headers',
      mode: 'multi',
      description: 'Ignores Authorization, apiAccessKeyId and apiSecretAccessKey on the token operation.',
    },
    'tokenForbiddenHeaders',
    () => [],
  ),
  mutant(
    {
      name: 'token-issue-201',
      breaks: 'billing.token.issue',
      mode: 'multi',
      description: 'Answers a valid token request with 201 instead of 200.',
    },
    'successStatus',
    (reference) => (operation) => (operation === 'token' ? 201 : reference(operation)),
  ),
  mutant(
    {
      name: 'token-single-use',
      breaks: 'billing.token.reusable',
      mode: 'multi',
      description: 'A token stops working after its first successful catalog authentication.',
    },
    'tokenMaxUses',
    () => 1,
  ),
  // Only a sequence shows it: the planned uses of one token pass; another token issued between uses ends the first.
  mutant(
    {
      name: 'token-refuses-entity-ids',
      breaks: 'billing.token.entity_ids.uuid',
      mode: 'multi',
      description:
        'The token operation refuses every Svc-Entity-Ids, well-formed or not: a multi-entity tenant cannot ask a token naming its entity.',
    },
    'parseTokenEntityId',
    () => () => ({ ok: false }),
  ),
  mutant(
    {
      name: 'token-revoked-by-next',
      breaks: 'billing.token.reusable',
      mode: 'multi',
      description: "Issuing a token ends the client's earlier tokens: a token stops working once another is issued.",
    },
    'tokenRevokesEarlier',
    () => true,
  ),
  mutant(
    {
      name: 'token-no-rate-limit',
      breaks: 'billing.token.rate_limit',
      mode: 'multi',
      description: 'The token operation has no rate limit at all.',
    },
    'tokenRateLimited',
    () => () => false,
  ),
  mutant(
    {
      name: 'token-rate-limit-query-bypass',
      breaks: 'billing.token.rate_limit',
      mode: 'multi',
      description:
        'Token requests whose path carries a query string are not counted against the rate limit, so the limit holds only on the plain path.',
    },
    'tokenRateLimited',
    (reference) => (req) => !(req.url ?? '').includes('?') && reference(req),
  ),
];
