import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { DocumentedRefusal } from '../../checks/status-for-invalid-input.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { type CatalogRequest, headerNames, sessionTrackId } from './client/billing-client.ts';
import { invalidIdempotencyKey } from '../../generators/billing/idempotency-key.ts';
import { invalidTrackId, spaceEdgesToDots, validTrackId } from '../../generators/billing/track-id.ts';
import { orgIdsOutsideAccess } from '../../generators/billing/org-ids-outside-access.ts';
import { severalAccessibleOrgs } from '../../generators/billing/several-accessible-orgs.ts';
import { trackIdChars } from '../../generators/billing/alphabets.ts';
import { casesBreaking, type Gen, type InvalidCase } from '../../generators/gen.ts';
import { idempotencyKeyMaxLength, trackIdMaxLength } from '../../rules/billing/limits.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import type { billingRules } from '../../rules/billing/rules.ts';
import type { RuleIdJudgedBy } from '../../engine/rule-test.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { createCharge, fixtureCharge, validChargeBodies } from './support/billing-actions.ts';
import type { ProductDraft } from '../../rules/billing/adapters/model.ts';
import { productDraft } from '../../generators/billing/product-draft.ts';
import { type BillingSession, ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';
import { billingPhase } from './support/billing-phase.ts';

const session = useBillingSession();

type BillingRule = (typeof billingRules)[number];
/** A rule's bound check, judging one answer with the status the operation documents. */
type StatusJudge = (exchange: Exchange, status: DocumentedRefusal) => Verdict;

/**
 * A valid body for each catalog operation: the three charge operations and POST /commerce/products, whose row lists
 * "Same header set as POST /commerce/charges".
 */
function validCatalogBodies(s: BillingSession, chargeId: string) {
  const product = productDraft.boundaries[0] as ProductDraft;
  return [
    ...validChargeBodies(s, chargeId),
    {
      operation: op.createProduct,
      json: s.client.adapter.createProductBody({ ...product, name: `harness-product-${s.nonce}` }),
    },
  ] as const;
}

/**
 * Sends each catalog operation with a valid body and the given header changes; `judge` says each must be refused with
 * the refusal the operation lists (400 on the charge operations; none on products, whose status codes are not shown).
 */
async function everyCatalogOperationRefuses(
  s: BillingSession,
  judge: StatusJudge,
  chargeId: string,
  request: CatalogRequest,
): Promise<Exchange[]> {
  const sent = validCatalogBodies(s, chargeId).map(async ({ operation, json }) => {
    const exchange = await s.client.send(operation, { ...request, json });
    judge(exchange, operation.invalidInputStatus);
    return exchange;
  });
  return Promise.all(sent);
}

/**
 * Sends each catalog operation with a valid body and the given header changes; `judge` says each must succeed (a 2xx:
 * which one is the status-list rule's).
 */
async function everyCatalogOperationAccepts(
  s: BillingSession,
  judge: StatusJudge,
  chargeId: string,
  request: CatalogRequest,
): Promise<void> {
  const sent = validCatalogBodies(s, chargeId).map(({ operation, json }) =>
    s.client.send(operation, { ...request, json }),
  );
  for (const exchange of await Promise.all(sent)) judge(exchange, null);
}

/**
 * The last valid values of each Svc-Track-Id rule: exactly 64 characters for the length rule; every allowed
 * character for the charset rule, in values of 32 so that the length limit is never what it meets.
 */
const lastValidTrackIds: Partial<Record<RuleId, readonly string[]>> = {
  'billing.headers.track_id.length': ['x'.repeat(trackIdMaxLength)],
  'billing.headers.track_id.charset': Array.from({ length: Math.ceil(trackIdChars.length / 32) }, (_, chunk) =>
    spaceEdgesToDots(trackIdChars.slice(chunk * 32, chunk * 32 + 32).join('')),
  ),
};

/**
 * An invalid Svc-Track-Id is refused by every charge operation, and by the token operation on boundary cases;
 * the last valid value of the rule (exactly 64 characters, every allowed character) is accepted by every one.
 */
function trackIdRule(ruleId: RuleIdJudgedBy<BillingRule, 'input-as-listed'>): void {
  ruleTest(ruleId, async ({ check }) => {
    const s = session();
    const accepted: StatusJudge = (exchange, documentedStatus) =>
      check(exchange, { keepsRule: true, documentedStatus });
    const refused: StatusJudge = (exchange, documentedStatus) =>
      check(exchange, { keepsRule: false, documentedStatus });
    const chargeId = await fixtureCharge(s);
    for (const trackId of lastValidTrackIds[ruleId] ?? [])
      await everyCatalogOperationAccepts(s, accepted, chargeId, { headers: { [headerNames.trackId]: trackId } });
    const cases: Gen<InvalidCase<string>> = casesBreaking(invalidTrackId, ruleId);
    await forAll(cases, s.property(), (invalid) =>
      everyCatalogOperationRefuses(s, refused, chargeId, { headers: { [headerNames.trackId]: invalid.value } }),
    );
    await forAll(cases, s.property({ runs: 0, concurrency: 1 }), async (invalid) => {
      const parts = s.client.validTokenRequest();
      const exchange = await s.client.sendTokenRequest({
        ...parts,
        headers: { ...parts.headers, [headerNames.trackId]: invalid.value },
      });
      return refused(exchange, op.token.invalidInputStatus);
    });
  });
}

trackIdRule('billing.headers.track_id.length');
trackIdRule('billing.headers.track_id.charset');

ruleTest('billing.headers.track_id.echo', async ({ check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  await forAll(validTrackId, s.property(), async (trackId) => {
    const headers = { [headerNames.trackId]: trackId };
    const successes = validCatalogBodies(s, chargeId).map(({ operation, json }) =>
      s.client.send(operation, { headers, json }),
    );
    // The echo is unconditional in the document: refused requests echo too.
    const refusals = [
      s.client.send(op.createCharge, { headers, rawBody: '{' }),
      s.client.send(op.queryCharge, { headers, auth: 'none', json: {} }),
    ];
    const answered = await Promise.all(successes);
    // A value at the length limit that valid requests refuse is the length rule's finding: no echo is due then.
    const refusedAtLimit =
      trackId.length === trackIdMaxLength ? answered.filter((exchange) => exchange.response?.status === 400) : [];
    if (refusedAtLimit.length > 0) {
      throw new PrerequisiteMissing(
        ['billing.headers.track_id.length'],
        `a valid ${trackIdMaxLength}-character Svc-Track-Id was refused with 400, so its echo could not be judged`,
        refusedAtLimit,
      );
    }
    for (const exchange of [...answered, ...(await Promise.all(refusals))])
      check(exchange, { headerName: headerNames.trackId, sent: trackId });
  });
  // On the token operation: the session's own token request carried one (the run issues no other token),
  // and refused token requests must echo too.
  const issuing = await s.client.tokenSession.issuingExchange();
  check(issuing, { headerName: headerNames.trackId, sent: sessionTrackId });
  await forAll(
    { boundaries: validTrackId.boundaries.slice(0, 2), arbitrary: validTrackId.arbitrary },
    s.property({ runs: 0, concurrency: 1 }),
    async (trackId) => {
      const parts = s.client.validTokenRequest();
      const refused = {
        body: { ...parts.body, grant_type: 'harness_refused_grant' },
        headers: { ...parts.headers, [headerNames.trackId]: trackId },
      };
      return check(await s.client.sendTokenRequest(refused), { headerName: headerNames.trackId, sent: trackId });
    },
  );
});

/** The POST catalog operations, where Idempotency-Key is listed: creating and querying a charge, creating a product. */
function keyedCatalogBodies(s: BillingSession, chargeId: string) {
  return validCatalogBodies(s, chargeId).filter(({ operation }) => operation.acceptsIdempotencyKey);
}

ruleTest('billing.headers.idempotency_key.length', async ({ check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  // The last valid key, exactly as long as the limit and fresh for the run (one per operation), is accepted.
  await Promise.all(
    keyedCatalogBodies(s, chargeId).map(async ({ operation, json }) => {
      const longest = `${s.nonce}-${operation.name}-length-edge-`.padEnd(idempotencyKeyMaxLength, 'k');
      const exchange = await s.client.send(operation, { headers: { [headerNames.idempotencyKey]: longest }, json });
      check(exchange, { keepsRule: true, documentedStatus: null });
    }),
  );
  await forAll(invalidIdempotencyKey, s.property(), async (invalid) => {
    const headers = { [headerNames.idempotencyKey]: invalid.value };
    await Promise.all(
      keyedCatalogBodies(s, chargeId).map(async ({ operation, json }) =>
        check(await s.client.send(operation, { headers, json }), {
          keepsRule: false,
          documentedStatus: operation.invalidInputStatus,
        }),
      ),
    );
  });
});

ruleTest('billing.headers.entity_ids.required', async ({ check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  await everyCatalogOperationRefuses(s, check, chargeId, { scopeHeaders: false });
});

/** A header that must not be set in this tenant mode: every charge operation refuses each value with 400. */
function forbiddenHeaderRule(
  ruleId: RuleIdJudgedBy<BillingRule, 'request-refused'>,
  header: string,
  values: (s: BillingSession) => readonly string[],
): void {
  ruleTest(ruleId, async ({ check }) => {
    const s = session();
    const chargeId = await fixtureCharge(s);
    for (const value of values(s))
      await everyCatalogOperationRefuses(s, check, chargeId, { headers: { [header]: value } });
  });
}

// Values the tenant really has, so only the header's presence is wrong; made-up ones where none are declared.
forbiddenHeaderRule('billing.headers.entity_ids.forbidden', headerNames.entityIds, (s) =>
  s.client.tenant.entityIds.length > 0 ? s.client.tenant.entityIds : ['00000000-0000-4000-8000-000000000000'],
);
forbiddenHeaderRule('billing.headers.org_ids.forbidden', headerNames.orgIds, (s) =>
  s.client.tenant.accessibleOrgs.length > 0 ? s.client.tenant.accessibleOrgs : ['harness-org'],
);

// "Naming an inaccessible org makes the operation fail": the document names no status, so either refusal the
// charge operations list (400 request errors, 401 unauthorized) passes, and which one is observed.
const inaccessibleOrgRefusals: DocumentedRefusal = [400, 401];
ruleTest('billing.headers.org_ids.accessible', async ({ run, observe, check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  const { accessibleOrgs, inaccessibleOrgs } = s.client.tenant;
  const statuses = new Set<string>();
  await forAll(orgIdsOutsideAccess(accessibleOrgs, inaccessibleOrgs), s.property(), async (invalid) => {
    const exchanges = await everyCatalogOperationRefuses(
      s,
      (exchange, listed) => check(exchange, listed === null ? null : inaccessibleOrgRefusals),
      chargeId,
      { headers: { [headerNames.orgIds]: invalid.value } },
    );
    for (const exchange of exchanges) statuses.add(String(exchange.response?.status));
  });
  observe('statuses for an inaccessible org', [...statuses].sort().join(', '));
  // Then the target as a state machine: an org outside access fails every time it is named, whatever came before.
  await billingPhase(run, s, check, observe);
});

// "Comma-separated org IDs" that "must be a subset of the user's accessible orgs": several of them are served.
ruleTest('billing.headers.org_ids.several', async ({ check }) => {
  const s = session();
  const { accessibleOrgs } = s.client.tenant;
  const home = { headers: { [headerNames.orgIds]: accessibleOrgs[0] as string } };
  const draft = { name: `harness-orgs-${s.nonce}`, defaultPricing: { currency: 'USD', amount: 4 }, rateCards: [] };
  const { chargeId } = await createCharge(s, draft, home);
  await forAll(severalAccessibleOrgs(accessibleOrgs), s.property({ runs: Math.ceil(s.run.runs / 2) }), (orgIds) =>
    everyCatalogOperationAccepts(s, (exchange) => check(exchange, null), chargeId, {
      headers: { [headerNames.orgIds]: orgIds },
    }),
  );
});

ruleTest('billing.headers.org_ids.scope', async ({ check }) => {
  const s = session();
  const [home, other] = s.client.tenant.accessibleOrgs as [string, string];
  const created = await createCharge(
    s,
    { name: `harness-org-${s.nonce}`, defaultPricing: { currency: 'USD', amount: 3 }, rateCards: [] },
    { headers: { [headerNames.orgIds]: home } },
    { requestJudged: true },
  );
  const { adapter } = s.client;
  const fromOtherOrg = await s.client.send(op.queryCharge, {
    headers: { [headerNames.orgIds]: other },
    json: adapter.queryChargeBody(created.chargeId, {}),
  });
  const withoutHeader = await s.client.send(op.queryCharge, { json: adapter.queryChargeBody(created.chargeId, {}) });
  // Its own org still sees it: this rule's own judgement, not a set-up step.
  const fromHomeOrg = await s.client.send(op.queryCharge, {
    headers: { [headerNames.orgIds]: home },
    json: adapter.queryChargeBody(created.chargeId, {}),
  });
  return check({ fromOtherOrg, withoutHeader, fromHomeOrg });
});
