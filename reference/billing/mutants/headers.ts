import { randomUUID } from 'node:crypto';
import { IdempotencyStore, type IdempotentRunner } from '../idempotency.ts';
import type { BillingBehaviour } from '../behaviour.ts';
import { mutant, type BillingMutant } from './define.ts';

/** Stores the reply only once the operation has finished: a concurrent duplicate finds nothing and runs again. */
const storeAfterCompletion: IdempotentRunner = async (store, key, operation) => {
  const existing = store.get(key);
  if (existing) return existing;
  // Stands for a slow store round trip; it makes the window between lookup and store wide enough to hit, even on a
  // loaded machine where concurrent requests reach the server tens of milliseconds apart (50 ms was missed once in CI).
  await new Promise((resolve) => setTimeout(resolve, 250));
  const reply = await operation();
  store.set(key, Promise.resolve(reply));
  return reply;
};

/**
 * Lets an org outside access through on a request it refused before: the same operation with the same Svc-Org-Ids
 * is read with the inaccessible orgs stripped (each single request behaves; only a repeat shows it).
 */
function orgRefusalRemembered(): BillingBehaviour['orgIdsRead'] {
  const refused = new Set<string>();
  return (sent, operation, accessibleOrgs) => {
    const orgs = sent.split(',').map((org) => org.trim());
    const outside = orgs.filter((org) => !accessibleOrgs.includes(org));
    if (outside.length === 0) return sent;
    const asked = `${operation} ${sent}`;
    if (!refused.has(asked)) {
      refused.add(asked);
      return sent;
    }
    return orgs.filter((org) => accessibleOrgs.includes(org)).join(',') || (accessibleOrgs[0] ?? sent);
  };
}

/** Faulty variants of the header rules. */
export const headerMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'org-ids-read-as-one',
      breaks: 'billing.headers.org_ids.several',
      mode: 'multi',
      description:
        'Reads Svc-Org-Ids as a single org id: a comma-separated list of accessible orgs names no org it knows and is refused with 400.',
    },
    'orgIdsRead',
    (reference) => (sent, operation, accessible) => reference(sent, operation, accessible).replaceAll(',', ' '),
  ),
  mutant(
    {
      name: 'track-id-any-charset',
      breaks: 'billing.headers.track_id.charset',
      mode: 'multi',
      description: 'Accepts Svc-Track-Id values with colons, semicolons, quotes or non-ASCII characters.',
    },
    'trackIdCharsetOk',
    () => () => true,
  ),
  mutant(
    {
      name: 'track-id-echo-regenerated',
      breaks: 'billing.headers.track_id.echo',
      mode: 'multi',
      description: 'Answers with a freshly generated Svc-Track-Id instead of the one sent.',
    },
    'echoTrackId',
    () => () => randomUUID(),
  ),
  mutant(
    {
      name: 'idempotency-no-store',
      breaks: 'billing.headers.idempotency_key.replay',
      mode: 'multi',
      description: 'Keeps no idempotency store: every retry creates again.',
    },
    'runIdempotent',
    () => (_store, _key, operation) => operation(),
  ),
  mutant(
    {
      name: 'idempotency-keys-forgotten-after-three-seconds',
      breaks: 'billing.headers.idempotency_key.replay',
      mode: 'multi',
      description: 'Remembers an Idempotency-Key for three seconds only: a retry late in the run creates again.',
    },
    'runIdempotent',
    (reference) => {
      const brief = new IdempotencyStore(3000);
      return (_store, key, operation) => reference(brief, key, operation);
    },
  ),
  mutant(
    {
      name: 'idempotency-store-after-completion',
      breaks: 'billing.headers.idempotency_key.concurrent',
      mode: 'multi',
      description:
        'Stores the reply only after the operation completes: sequential retries replay, concurrent ones create twice.',
    },
    'runIdempotent',
    () => storeAfterCompletion,
  ),
  mutant(
    {
      name: 'entity-header-defaults-to-first',
      breaks: 'billing.headers.entity_ids.required',
      mode: 'multi',
      description: "A catalog request without Svc-Entity-Ids acts for the token's first entity instead of failing.",
    },
    'entityForMissingHeader',
    () => (tokenEntities) => tokenEntities[0],
  ),
  mutant(
    {
      name: 'entity-header-allowed-single-entity',
      breaks: 'billing.headers.entity_ids.forbidden',
      mode: 'single-entity',
      description: "With single-entity tokens, accepts Svc-Entity-Ids when it names the token's entity.",
    },
    'entityHeaderTolerated',
    (reference) => (mode, entityId, tokenEntities) =>
      (mode === 'single-entity' && tokenEntities.some((id) => id.toLowerCase() === entityId.toLowerCase())) ||
      reference(mode, entityId, tokenEntities),
  ),
  mutant(
    {
      name: 'org-header-ignored-plain',
      breaks: 'billing.headers.org_ids.forbidden',
      mode: 'plain',
      description: 'With multi-org off, accepts and ignores Svc-Org-Ids instead of failing.',
    },
    'orgHeaderToleratedWhenMultiOrgOff',
    () => true,
  ),
  mutant(
    {
      name: 'org-header-any-org',
      breaks: 'billing.headers.org_ids.accessible',
      mode: 'multi',
      description: 'Accepts inaccessible or unknown orgs in Svc-Org-Ids.',
    },
    'orgAccessible',
    () => () => true,
  ),
  // Faults only a sequence of requests shows: each single request behaves (the stateful phase's to find).
  mutant(
    {
      name: 'org-refusal-remembered',
      breaks: 'billing.headers.org_ids.accessible',
      mode: 'multi',
      description:
        'Strips an inaccessible org from Svc-Org-Ids once it refused it: the same request on the same operation succeeds the second time.',
    },
    'orgIdsRead',
    () => orgRefusalRemembered(),
  ),
  mutant(
    {
      name: 'idempotency-key-per-track-id',
      breaks: 'billing.headers.idempotency_key.replay',
      mode: 'multi',
      description:
        'Keeps an Idempotency-Key with the Svc-Track-Id of its request: a retry with the same key and body under another trace id creates again.',
    },
    'idempotencyEntry',
    (reference) => (use) => `${reference(use)}\n${use.trackId ?? ''}`,
  ),
  mutant(
    {
      name: 'org-scope-ignored',
      breaks: 'billing.headers.org_ids.scope',
      mode: 'multi',
      description:
        'Ignores the org scope for visibility: a charge of org-north is visible with Svc-Org-Ids: org-south.',
    },
    'orgScopeAllows',
    () => () => true,
  ),
];
