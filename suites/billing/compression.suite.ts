import fc from 'fast-check';
import type { GzipThresholdExpectation } from '../../checks/gzip-threshold.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { Exchange } from '../../client/http-exchange.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { chargeDraft } from '../../generators/billing/charge-draft.ts';
import { paddedCharge } from '../../generators/billing/response-padding.ts';
import { productDraft } from '../../generators/billing/product-draft.ts';
import type { ProductDraft } from '../../rules/billing/adapters/model.ts';
import { billingOperations as op, gzipThresholdBytes } from '../../rules/billing/operations.ts';
import { createCharge, createdChargeId, queryRepeatable } from './support/billing-actions.ts';
import { comparableCreationBody, comparableQueryBody } from './support/comparable-answers.ts';
import { type BillingSession, ruleTest, useBillingSession } from './support/billing-session.ts';
import { forAll } from '../support/for-all.ts';
import { responseOfSize } from '../../load/response-of-size.ts';
import { ruleInProgress } from '../../core/rule-in-progress.ts';

const session = useBillingSession();
const threshold: GzipThresholdExpectation = {
  thresholdBytes: gzipThresholdBytes,
  over: 'billing.compression.response_over_threshold',
  under: 'billing.compression.response_under_threshold',
};

/** Whether the rule in progress judges responses over the threshold (else those under it). */
const judgingOver = () => ruleInProgress() === threshold.over;

/**
 * Responses of chosen sizes from the charge operations, with gzip accepted: the create response and the
 * query response (which also returns the charge) are steered by the description's length.
 */
function sizedResponses(
  s: BillingSession,
  sizes: { boundaries: number[]; arbitrary: fc.Arbitrary<number> },
  check: (exchange: Exchange, expected: typeof threshold) => Verdict,
) {
  const { adapter } = s.client;
  const over = judgingOver();
  // A body the padding could not steer to this rule's side of the threshold is the other rule's to judge.
  const gzipThreshold = (exchange: Exchange) =>
    (exchange.response?.body.length ?? 0) > gzipThresholdBytes === over && check(exchange, threshold);
  return forAll(sizes, s.property({ runs: Math.ceil(s.run.runs / 4) }), async (size) => {
    const create = await responseOfSize(size, (padding) =>
      s.client.send(op.createCharge, {
        acceptGzip: true,
        json: adapter.createChargeBody(paddedCharge(`harness-gzip-${s.nonce}`, padding)),
      }),
    );
    gzipThreshold(create);
    const query = await responseOfSize(size, async (padding) => {
      const charge = await createCharge(s, paddedCharge(`harness-gzip-${s.nonce}`, padding));
      return s.client.send(op.queryCharge, { acceptGzip: true, json: adapter.queryChargeBody(charge.chargeId, {}) });
    });
    gzipThreshold(query);
  });
}

/**
 * POST /commerce/products, a catalog operation with "Same header set as POST /commerce/charges": a product of one plan
 * (its answer under the threshold) and one of six plans (over it), gzip accepted; each judged by the rule of its side.
 */
async function productResponses(s: BillingSession, check: (exchange: Exchange) => Verdict) {
  const base = productDraft.boundaries[0] as ProductDraft;
  const plans = judgingOver() ? 6 : 1;
  const draft = { name: `harness-gzip-${s.nonce}`, plans: Array.from({ length: plans }, () => base.plans[0]) };
  const exchange = await s.client.send(op.createProduct, {
    acceptGzip: true,
    json: s.client.adapter.createProductBody(draft as ProductDraft),
  });
  if ((exchange.response?.body.length ?? 0) > gzipThresholdBytes === plans > 1) check(exchange);
}

ruleTest('billing.compression.response_over_threshold', async ({ observe, check }) => {
  observe('threshold', `${gzipThresholdBytes} bytes (documented)`);
  const s = session();
  await productResponses(s, (exchange) => check(exchange, threshold));
  return sizedResponses(
    s,
    {
      boundaries: [gzipThresholdBytes + 1, gzipThresholdBytes + 2, 1500, 4000],
      arbitrary: fc.integer({ min: gzipThresholdBytes + 1, max: 4800 }),
    },
    check,
  ).then(() => undefined);
});

ruleTest('billing.compression.response_under_threshold', async ({ check }) => {
  const s = session();
  await productResponses(s, (exchange) => check(exchange, threshold));
  return sizedResponses(
    s,
    {
      boundaries: [gzipThresholdBytes, gzipThresholdBytes - 1, 600],
      arbitrary: fc.integer({ min: 400, max: gzipThresholdBytes }),
    },
    check,
  ).then(() => undefined);
});

ruleTest('billing.compression.request_gzip', async ({ check }) => {
  const s = session();
  const { adapter } = s.client;
  const drafts = { boundaries: [paddedCharge(`harness-gz-${s.nonce}`, 3000)], arbitrary: chargeDraft };
  await forAll(drafts, s.property({ runs: Math.ceil(s.run.runs / 4) }), async (draft) => {
    const json = adapter.createChargeBody(draft);
    const [plain, gzipped] = await Promise.all([
      s.client.send(op.createCharge, { json }),
      s.client.send(op.createCharge, { json, gzipBody: true }),
    ]);
    check({ plain, gzipped }, (body) => comparableCreationBody(adapter, json, body));
    const chargeId = createdChargeId(s, plain);
    const query = adapter.queryChargeBody(chargeId, { region: 'eu' });
    const [plainQuery, gzippedQuery] = await Promise.all([
      s.client.send(op.queryCharge, { json: query }),
      s.client.send(op.queryCharge, { json: query, gzipBody: true }),
    ]);
    try {
      return check({ plain: plainQuery, gzipped: gzippedQuery }, (body) => comparableQueryBody(adapter, body));
    } catch (violation) {
      // Two answers to one query are comparable only when asking it changes nothing: else that rule blocks this one.
      if (violation instanceof RuleViolation)
        queryRepeatable(s, plainQuery, await s.client.send(op.queryCharge, { json: query }));
      throw violation;
    }
  });
});
