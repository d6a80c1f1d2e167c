import type { ExpectedOrder } from '../../rules/exchange/adapters/orders.ts';
import { codesOutOfRange, explainedByItems } from './checks/envelope.ts';
import type { TimestampCase } from './checks/auth.ts';
import { contentTypeForms } from '../../checks/content-type-forms.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import { exchangeCodes, orderDetailsPath } from '../../rules/exchange/codes.ts';
import { operationNotServed } from './checks/operation-served.ts';
import { NotApplicableHere } from '../../engine/not-applicable-here.ts';
import { readEnvelope } from './client/envelope.ts';
import { badSignatures } from '../../generators/exchange/bad-signatures.ts';
import fc from 'fast-check';
import type { Exchange } from '../../client/http-exchange.ts';
import type { SigningOverrides } from './client/exchange-client.ts';
import { batchOrdersPath } from '../../rules/exchange/adapters/orders.ts';
import {
  type BatchPlan,
  mixedBatches,
  ordersOf,
  refusedBodies,
  validBatches,
} from '../../generators/exchange/batch.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useExchangeSession } from './support/exchange-session.ts';
import { timestampToleranceSeconds } from '../../rules/exchange/limits.ts';

const session = useExchangeSession();
let cases = 0;

/** Sends the batch of a plan, with clOrdIds unique to this run, and returns it with the expected outcomes. */
async function sendPlan(
  plan: BatchPlan,
  signing: SigningOverrides = {},
): Promise<{ exchange: Exchange; orders: ExpectedOrder[] }> {
  const s = session();
  const orders = ordersOf(plan, s.section.instrument, `h${s.nonce}c${cases++}o`);
  const exchange = await s.client.batch(
    orders.map((expected) => expected.order),
    signing,
  );
  return { exchange, orders };
}

/** Makes a few exchanges of every kind (all valid, mixed, refused as a whole) so the envelope rules see each. */
async function exerciseEnvelope(): Promise<void> {
  const s = session();
  const mixed = mixedBatches(s.section.maxBatchSize);
  for (const plan of mixed.boundaries) await sendPlan(plan);
  for (const refused of refusedBodies) await s.client.post(batchOrdersPath, refused.body);
}

/**
 * An envelope rule judged, by its check, on every exchange this file's client has made so far (the other rules'
 * included).
 */
function onEveryExchange(
  check: (exchange: Exchange) => Verdict,
  observe: (key: string, value: unknown) => void,
): Verdict[] {
  const all = session().client.exchanges;
  observe('exchanges judged', all.length);
  return all.map((exchange) => check(exchange));
}

ruleTest('exchange.batch.item-fields', async ({ check }) => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    return check(exchange, orders);
  });
});

ruleTest('exchange.batch.item-success', async ({ observe, check }) => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    const verdict = check(exchange, orders);
    for (const [key, value] of Object.entries(verdict.observations ?? {})) observe(key, value);
    return verdict;
  });
});

ruleTest('exchange.batch.item-failure', async ({ observe, check }) => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    const verdict = check(exchange, orders);
    for (const [key, value] of Object.entries(verdict.observations ?? {})) observe(key, value);
    return verdict;
  });
});

ruleTest('exchange.envelope.success-code', async ({ check }) => {
  const s = session();
  await forAll(validBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange } = await sendPlan(plan);
    return check(exchange);
  });
});

const onlyValid: BatchPlan = { kinds: ['valid'], seeds: [5] };

// GET /api/v5/trade/order is the real exchange's operation, not the document's: asked once first, and a target that
// does not serve it leaves the rule not applicable.
ruleTest('exchange.codes.order-not-found', async ({ observe, check }) => {
  const s = session();
  // not-a-limit: an order id, not the success code.
  const first = await s.client.orderDetails(s.section.instrument, '0');
  const notServed = operationNotServed(first, [exchangeCodes.orderNotFound]);
  if (notServed !== undefined)
    throw new NotApplicableHere(
      `the target does not serve GET ${orderDetailsPath}, which document 3 does not show: ${notServed}`,
      [first],
    );
  const unknownIds = {
    // not-a-limit: the smallest order id, not the success code.
    boundaries: ['0', '999999999999999999'],
    arbitrary: fc.stringMatching(/^[1-9][0-9]{11,17}$/).map((digits) => `9${digits}`),
  };
  await forAll(unknownIds, s.property({ runs: Math.ceil(s.run.runs / 5) }), async (ordId) =>
    check(await s.client.orderDetails(s.section.instrument, ordId), {
      code: exchangeCodes.orderNotFound,
      why: `order ${ordId}, which the exchange never issued`,
    }),
  );
  // An order placed in this run, asked the same way: its answer is observed (the document shows no such operation).
  const { exchange } = await sendPlan(onlyValid);
  const placed = readEnvelope(exchange)?.items[0]?.ordId;
  if (typeof placed === 'string' && placed !== '') {
    const known = readEnvelope(await s.client.orderDetails(s.section.instrument, placed));
    observe('an order placed in this run, asked', known ? `code ${JSON.stringify(known.code)}` : 'no envelope');
  }
});

ruleTest('exchange.auth.unknown-key', async ({ observe, check }) => {
  const s = session();
  const statuses = new Set<number>();
  const keys = {
    boundaries: ['unknown-access-key', `${s.section.credentials.apiKey}x`],
    arbitrary: fc.stringMatching(/^[a-z0-9]{8,32}$/).map((key) => `k${key}`),
  };
  await forAll(keys, s.property({ runs: Math.ceil(s.run.runs / 10) }), async (apiKey) => {
    const { exchange } = await sendPlan(onlyValid, { apiKey });
    statuses.add(exchange.response?.status ?? 0);
    return check(exchange, { code: exchangeCodes.unknownKey, why: 'an unknown access key' });
  });
  observe('HTTP statuses', [...statuses].join(', '));
});

ruleTest('exchange.auth.signature', async ({ observe, check }) => {
  const s = session();
  const statuses = new Set<number>();
  await forAll(badSignatures, s.property({ runs: Math.ceil(s.run.runs / 5) }), async (bad) => {
    const { exchange } = await sendPlan(onlyValid, bad.signing);
    statuses.add(exchange.response?.status ?? 0);
    if (!bad.missingHeader) return check(exchange, { code: exchangeCodes.invalidSignature, why: bad.why });
    // Which of the accepted codes a missing header met is reported (the document names none for it).
    const verdict = check(exchange, { code: s.section.expectations.missingSignatureCodes, why: bad.why });
    observe('missing sign header answered', verdict.observations?.code);
    return verdict;
  });
  observe('HTTP statuses', [...statuses].join(', '));
});

ruleTest('exchange.auth.timestamp', async ({ check }) => {
  const cases: TimestampCase[] = [];
  // Both edges of the tolerance (a second inside, a second outside), a margin inside and far outside.
  const edges = [timestampToleranceSeconds - 1, timestampToleranceSeconds + 1];
  const margins = [timestampToleranceSeconds - 5, timestampToleranceSeconds + 5, 120];
  for (const offsetSeconds of [...edges, ...margins].flatMap((offset) => [-offset, offset])) {
    const { exchange } = await sendPlan(onlyValid, { atMs: Date.now() + offsetSeconds * 1000 });
    cases.push({ offsetSeconds, exchange });
  }
  return check(cases);
});

ruleTest('exchange.envelope.code-string', async ({ observe, check }) => {
  await exerciseEnvelope();
  // Document 3 names no Content-Type for part B: what the target labels its bodies with is observed, never judged.
  observe('response Content-Type (no document names one)', contentTypeForms(session().client.exchanges));
  // The document describes the ranges ("around 500xx"): codes outside them are reported here, judged only when pinned.
  const outside = new Set(
    session().client.exchanges.flatMap((exchange) => {
      const envelope = readEnvelope(exchange);
      if (!envelope) return [];
      return codesOutOfRange(explainedByItems(envelope) ? { ...envelope, code: undefined } : envelope);
    }),
  );
  observe('codes outside 500xx/510xx', outside.size ? [...outside].slice(0, 20).join(', ') : 'none');
  return onEveryExchange(check, observe);
});

ruleTest('exchange.envelope.msg', async ({ observe, check }) => {
  await exerciseEnvelope();
  return onEveryExchange(check, observe);
});

ruleTest('exchange.envelope.data', async ({ observe, check }) => {
  const s = session();
  await exerciseEnvelope();
  const codes = new Set<string>();
  for (const refused of refusedBodies) {
    const verdict = check(await s.client.post(batchOrdersPath, refused.body), { refusedAsAWhole: true });
    codes.add(String(verdict.observations?.['refusal code']));
  }
  observe('refusal codes', [...codes].join(', '));
  return onEveryExchange(check, observe);
});

ruleTest('exchange.codes.range', async ({ observe, check }) => {
  await exerciseEnvelope();
  return onEveryExchange(check, observe);
});
