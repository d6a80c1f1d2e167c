import fc from 'fast-check';
import { headerNames } from './client/billing-client.ts';
import { type ChargeDraft, type Pricing, samePricing } from '../../rules/billing/adapters/model.ts';
import { chargeDraft } from '../../generators/billing/charge-draft.ts';
import type { Gen } from '../../generators/gen.ts';
import { invalidTrackId } from '../../generators/billing/track-id.ts';
import { malformedJsonBody } from '../../generators/billing/malformed-json-body.ts';
import { pricing } from '../../generators/billing/pricing.ts';
import { productDraft } from '../../generators/billing/product-draft.ts';
import { billingOperations as op, chargeOperations, toleratedStatuses } from '../../rules/billing/operations.ts';
import {
  createCharge,
  fixtureCharge,
  queryCharge,
  queryRepeatable,
  queryWithoutResolution,
  readsDefaultPricing,
  updateCharge,
  validChargeBodies,
} from './support/billing-actions.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';
import { billingPhase } from './support/billing-phase.ts';

const session = useBillingSession();

const chargeDrafts: Gen<ChargeDraft> = {
  boundaries: [
    { name: 'h', defaultPricing: { currency: 'USD', amount: 0 }, rateCards: [] },
    {
      name: 'harness-five-rows',
      defaultPricing: { currency: 'EUR', amount: 12.5 },
      rateCards: Array.from({ length: 5 }, (_, index) => ({
        conditions: { region: `r${index}` },
        pricing: { currency: 'EUR', amount: index },
      })),
    },
  ],
  arbitrary: chargeDraft,
};

ruleTest('billing.charges.create', async ({ check }) => {
  const s = session();
  await forAll(chargeDrafts, s.property(), async (draft) => {
    const created = await createCharge(s, draft);
    // Which 2xx is billing.catalog.status.documented's to judge.
    return check(created.exchange, null);
  });
});

ruleTest('billing.charges.update.body_identifies', async ({ run, observe, check }) => {
  const s = session();
  const { adapter } = s.client;
  const pricings = { boundaries: [{ currency: 'USD', amount: 0 }], arbitrary: pricing };
  await forAll(pricings, s.property({ runs: Math.ceil(s.run.runs / 5) }), async (newPricing) => {
    const initialPricing = { currency: 'USD', amount: 1 };
    const draft = (name: string) => ({
      name: `harness-${name}-${s.nonce}`,
      defaultPricing: initialPricing,
      rateCards: [],
    });
    const bystander = await createCharge(s, draft('bystander'));
    const target = await createCharge(s, draft('target'));
    // The charges are read through the query: first make sure that reading shows pricing and changes nothing.
    const bystanderBefore = await queryCharge(s, bystander.chargeId, {});
    queryRepeatable(s, bystanderBefore.exchange, (await queryCharge(s, bystander.chargeId, {})).exchange);
    readsDefaultPricing(await queryCharge(s, target.chargeId, {}), initialPricing);
    const withoutId = await s.client.send(op.updateCharge, {
      json: adapter.updateChargeBodyWithoutId({ defaultPricing: newPricing }),
    });
    const update = await updateCharge(s, target.chargeId, { defaultPricing: newPricing });
    const targetAfter = await queryCharge(s, target.chargeId, {});
    const bystanderAfter = await queryCharge(s, bystander.chargeId, {});
    return check(
      {
        withoutId: { exchange: withoutId, statuses: op.updateCharge },
        update,
        targetAfter,
        bystander: { before: bystanderBefore, after: bystanderAfter },
      },
      newPricing,
    );
  });
  // Then the target as a state machine: the second of two updates, one charge's update beside another, read back.
  await billingPhase(run, s, check, observe);
});

/** Rows an update brings, each on a region no generated row names (`updated-<n>`), so only it can match its query. */
const updatedRows = (pricings: readonly Pricing[]) =>
  pricings.map((rowPricing, index) => ({ conditions: { region: `updated-${index}` }, pricing: rowPricing }));

ruleTest('billing.charges.update.rate_cards', async ({ observe, check }) => {
  const s = session();
  const cases = {
    boundaries: [{ before: chargeDrafts.boundaries[1] as ChargeDraft, rows: [{ currency: 'USD', amount: 0 }] }],
    arbitrary: fc.record({ before: chargeDraft, rows: fc.array(pricing, { minLength: 1, maxLength: 3 }) }),
  };
  const formerRows = new Set<string>();
  await forAll(cases, s.property({ runs: Math.ceil(s.run.runs / 5) }), async ({ before, rows }) => {
    const created = await createCharge(s, before);
    const rateCards = updatedRows(rows);
    await updateCharge(s, created.chargeId, { rateCards });
    for (const [index, row] of rateCards.entries()) {
      const reading = await queryCharge(s, created.chargeId, { region: `updated-${index}` });
      check({ exchange: reading.exchange, resolved: reading.pricing }, [row.pricing]);
    }
    // Replaced or kept: not shown, observed on the first row the charge had.
    const former = before.rateCards[0];
    if (!former) return;
    // A refusal is allowed where no row matches and no default is defined: the former row then matched nothing.
    const reading = await queryWithoutResolution(s, created.chargeId, former.conditions);
    formerRows.add('pricing' in reading && samePricing(reading.pricing, former.pricing) ? 'kept' : 'replaced');
  });
  observe('rows the charge had, after an update of its rate cards', [...formerRows].sort().join(', ') || 'none asked');
});

ruleTest('billing.catalog.invalid_input.status', async ({ check }) => {
  const s = session();
  await forAll(malformedJsonBody, s.property(), async (invalid) => {
    await Promise.all(
      chargeOperations.map(async (operation) =>
        check(await s.client.send(operation, { rawBody: invalid.value }), operation),
      ),
    );
  });
  // An empty object names no charge and defines none: invalid for every charge operation.
  await Promise.all(
    chargeOperations.map(async (operation) => check(await s.client.send(operation, { json: {} }), operation)),
  );
  for (const invalid of s.client.adapter.invalidChargeBodies()) {
    check(await s.client.send(op.createCharge, { json: invalid.body }), op.createCharge);
  }
});

/** A mix of valid and invalid requests: whatever the answer, it is one the document lists. */
ruleTest('billing.catalog.status.documented', async ({ check }) => {
  const s = session();
  const chargeId = await fixtureCharge(s);
  const valid = validChargeBodies(s, chargeId);
  const requests = fc.oneof(
    malformedJsonBody.arbitrary.map((invalid) => ({ rawBody: invalid.value })),
    invalidTrackId.arbitrary.map((invalid) => ({ headers: { [headerNames.trackId]: invalid.value } })),
    fc.constant({ auth: 'none' as const }),
    fc.constant({}),
    // JSON objects that are no record of any operation: the shape errors a validator reports.
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }).map((json) => ({ json })),
  );
  // Every invalid body the invalid-input rule sends is here too: an undocumented refusal of one is this rule's finding.
  const invalidBodies = [
    ...malformedJsonBody.boundaries.map((invalid) => ({ rawBody: invalid.value })),
    ...s.client.adapter.invalidChargeBodies().map((invalid) => ({ json: invalid.body })),
  ];
  await forAll(
    { boundaries: [{}, { json: {} }, { json: { unexpected: true } }, ...invalidBodies], arbitrary: requests },
    s.property(),
    async (request) => {
      await Promise.all(
        valid.map(async ({ operation, json }) => {
          const exchange = await s.client.send(operation, { json, ...request });
          return check(exchange, { documented: operation.documentedStatuses ?? [], tolerated: toleratedStatuses });
        }),
      );
    },
  );
});

ruleTest('billing.bodies.json', async ({ check }) => {
  const s = session();
  const { adapter } = s.client;
  // The token response judged is the session's own: the run issues no other token.
  check(await s.client.tokenSession.issuingExchange());
  const chargeId = await fixtureCharge(s);
  for (const { operation, json } of validChargeBodies(s, chargeId))
    check(await s.client.send(operation, { json, acceptGzip: true }));
  check(
    await s.client.send(op.createProduct, {
      json: adapter.createProductBody(productDraft.boundaries[0] as (typeof productDraft.boundaries)[number]),
    }),
  );
});
