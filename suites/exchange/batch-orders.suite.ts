import type { ExpectedOrder } from '../../adapters/exchange/orders.ts';
import { batchItemFields, batchItemsFail, batchItemsSucceed } from '../../checks/exchange/batch.ts';
import { codeIsString, codesInRange, codesOutOfRange, dataIsArray, explainedByItems, fullyFailed, msgMatchesCode, successCode } from '../../checks/exchange/envelope.ts';
import { refusedWithCode, type TimestampCase, timestampWindow } from '../../checks/exchange/auth.ts';
import { contentTypeForms } from '../../checks/content-type-forms.ts';
import { passed, type Verdict } from '../../checks/rule-violation.ts';
import { exchangeCodes } from '../../rules/exchange/codes.ts';
import { readEnvelope } from '../../client/exchange/envelope.ts';
import { badSignatures } from '../../generators/exchange/bad-signatures.ts';
import fc from 'fast-check';
import type { Exchange } from '../../client/exchange.ts';
import type { SigningOverrides } from '../../client/exchange/exchange-client.ts';
import { batchOrdersPath } from '../../adapters/exchange/orders.ts';
import { type BatchPlan, mixedBatches, ordersOf, refusedBodies, validBatches } from '../../generators/exchange/batch.ts';
import { exchangeRuleIds as id } from '../../rules/exchange/rules.ts';
import { forAll } from '../support/for-all.ts';
import { ruleTest, useExchangeSession } from './support/exchange-session.ts';

const session = useExchangeSession();
let cases = 0;

/** Sends the batch of a plan, with clOrdIds unique to this run, and returns it with the expected outcomes. */
async function sendPlan(plan: BatchPlan, signing: SigningOverrides = {}): Promise<{ exchange: Exchange; orders: ExpectedOrder[] }> {
  const s = session();
  const orders = ordersOf(plan, s.section.instrument, `h${s.nonce}c${cases++}o`);
  const exchange = await s.client.batch(orders.map((expected) => expected.order), signing);
  return { exchange, orders };
}

/** Makes a few exchanges of every kind (all valid, mixed, refused as a whole) so the envelope rules see each. */
async function exerciseEnvelope(): Promise<void> {
  const s = session();
  const mixed = mixedBatches(s.section.maxBatchSize);
  for (const plan of mixed.boundaries) await sendPlan(plan);
  for (const refused of refusedBodies) await s.client.post(batchOrdersPath, refused.body);
}

/** An envelope rule judged on every exchange this file's client has made so far (the other rules' included). */
function onEveryExchange(ruleId: string, check: (exchange: Exchange, ruleId: string) => Verdict): Verdict {
  const all = session().client.exchanges;
  for (const exchange of all) check(exchange, ruleId);
  return passed(ruleId, { 'exchanges judged': all.length });
}

ruleTest(id.itemFields, async () => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    return batchItemFields(exchange, id.itemFields, orders);
  });
});

ruleTest(id.itemSuccess, async ({ observe }) => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    const verdict = batchItemsSucceed(exchange, id.itemSuccess, orders);
    for (const [key, value] of Object.entries(verdict.observations ?? {})) observe(key, value);
    return verdict;
  });
});

ruleTest(id.itemFailure, async ({ observe }) => {
  const s = session();
  await forAll(mixedBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange, orders } = await sendPlan(plan);
    const verdict = batchItemsFail(exchange, id.itemFailure, orders);
    for (const [key, value] of Object.entries(verdict.observations ?? {})) observe(key, value);
    return verdict;
  });
});

ruleTest(id.successCode, async () => {
  const s = session();
  await forAll(validBatches(s.section.maxBatchSize), s.property(), async (plan) => {
    const { exchange } = await sendPlan(plan);
    return successCode(exchange, id.successCode);
  });
});

const onlyValid: BatchPlan = { kinds: ['valid'], seeds: [5] };

ruleTest(id.unknownKey, async ({ observe }) => {
  const s = session();
  const statuses = new Set<number>();
  const keys = { boundaries: ['unknown-access-key', `${s.section.credentials.apiKey}x`], arbitrary: fc.stringMatching(/^[a-z0-9]{8,32}$/).map((key) => `k${key}`) };
  await forAll(keys, s.property({ runs: Math.ceil(s.run.runs / 10) }), async (apiKey) => {
    const { exchange } = await sendPlan(onlyValid, { apiKey });
    statuses.add(exchange.response?.status ?? 0);
    return refusedWithCode(exchange, id.unknownKey, { code: exchangeCodes.unknownKey, why: 'an unknown access key' });
  });
  observe('HTTP statuses', [...statuses].join(', '));
});

ruleTest(id.signature, async ({ observe }) => {
  const s = session();
  const statuses = new Set<number>();
  await forAll(badSignatures, s.property({ runs: Math.ceil(s.run.runs / 5) }), async (bad) => {
    const { exchange } = await sendPlan(onlyValid, bad.signing);
    statuses.add(exchange.response?.status ?? 0);
    if (!bad.missingHeader) return refusedWithCode(exchange, id.signature, { code: exchangeCodes.invalidSignature, why: bad.why });
    // Which of the accepted codes a missing header met is reported (the document names none for it).
    const verdict = refusedWithCode(exchange, id.signature, { code: s.section.expectations.missingSignatureCodes, why: bad.why });
    observe('missing sign header answered', verdict.observations?.code);
    return verdict;
  });
  observe('HTTP statuses', [...statuses].join(', '));
});

ruleTest(id.timestamp, async () => {
  const cases: TimestampCase[] = [];
  // Both edges of the 30 s tolerance (29 s just inside, 31 s just outside), a margin inside and far outside.
  for (const offsetSeconds of [-29, 29, -31, 31, -25, 25, -35, 35, -120, 120]) {
    const { exchange } = await sendPlan(onlyValid, { atMs: Date.now() + offsetSeconds * 1000 });
    cases.push({ offsetSeconds, exchange });
  }
  return timestampWindow(cases, id.timestamp);
});

ruleTest(id.codeString, async ({ observe }) => {
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
  return onEveryExchange(id.codeString, codeIsString);
});

ruleTest(id.msg, async () => {
  await exerciseEnvelope();
  return onEveryExchange(id.msg, msgMatchesCode);
});

ruleTest(id.data, async ({ observe }) => {
  const s = session();
  await exerciseEnvelope();
  const codes = new Set<string>();
  for (const refused of refusedBodies) {
    const verdict = fullyFailed(await s.client.post(batchOrdersPath, refused.body), id.data);
    codes.add(String(verdict.observations?.['refusal code']));
  }
  observe('refusal codes', [...codes].join(', '));
  return onEveryExchange(id.data, dataIsArray);
});

ruleTest(id.codeRange, async () => {
  await exerciseEnvelope();
  return onEveryExchange(id.codeRange, codesInRange);
});
