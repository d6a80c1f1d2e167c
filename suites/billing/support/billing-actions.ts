import { stepSucceeded } from '../checks/step-succeeded.ts';
import { isDeepStrictEqual } from 'node:util';
import {
  type ChargeDraft,
  type ChargeUpdate,
  type Pricing,
  samePricing,
} from '../../../rules/billing/adapters/model.ts';
import { parsedWith } from '../../../checks/response-required.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { Violation } from '../../../engine/rule-violation.ts';
import type { ChargeReading } from '../checks/update-targets-body-id.ts';
import type { CatalogRequest } from '../client/billing-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { ruleInProgress } from '../../../core/rule-in-progress.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { BillingSession } from './billing-session.ts';
import { comparableQueryAnswer } from './comparable-answers.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/*
 * Steps that several rules need as set-up (make a charge, read it back). A step that fails is judged by the
 * rule that states the operation (creating a charge, querying one); any other rule that needed it is blocked.
 */

/** Whether the rule in progress is one of `rules`. */
function askedByOneOf(rules: readonly RuleId[]): boolean {
  const asking = ruleInProgress();
  return rules.some((rule) => rule === asking);
}

/**
 * Runs a set-up step: what it finds wrong stays a plain violation, the rule in progress's own, when that rule is one
 * of `judgedBy` (so a property still shrinks it), and is a prerequisite they judge for any other rule.
 */
function setUpStep<T>(judgedBy: readonly RuleId[], step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof Violation && !askedByOneOf(judgedBy))
      throw new PrerequisiteMissing(judgedBy, error.message, error.evidence);
    throw error;
  }
}

/** The rules that judge a query's answer: a rule that only reads a charge back is blocked by them. */
const queryJudgedBy: readonly RuleId[] = [
  'billing.charges.query.rate_card_match',
  'billing.charges.query.default_fallback',
];

const createJudgedBy: readonly RuleId[] = ['billing.charges.create'];

/**
 * Makes a charge; a refusal is the charge creation rule's fault, and blocks any other rule. The creation rule reads
 * the whole record; any other rule reads only the charge id. `requestJudged`: the rule in progress made the request
 * its own (its headers), so a refusal is its own failure too; what was created stays the creation rule's.
 */
export async function createCharge(
  session: BillingSession,
  draft: ChargeDraft,
  request: CatalogRequest = {},
  { requestJudged = false }: { requestJudged?: boolean } = {},
): Promise<{ chargeId: string; exchange: Exchange }> {
  const exchange = await session.client.send(op.createCharge, {
    ...request,
    json: session.client.adapter.createChargeBody(draft),
  });
  const creating = askedByOneOf(createJudgedBy);
  if (!creating && requestJudged) stepSucceeded(exchange);
  return setUpStep(createJudgedBy, () => {
    stepSucceeded(exchange);
    if (creating)
      return { ...parsedWith(exchange, (body) => session.client.adapter.parseChargeResponse(body)), exchange };
    return { chargeId: createdChargeId(session, exchange), exchange };
  });
}

/**
 * Only the charge id of a creation's answer, read leniently (the record's shape is the creation rule's); without one
 * the asking rule is blocked by it.
 */
export function createdChargeId(session: BillingSession, exchange: Exchange): string {
  let body: unknown;
  try {
    body = exchange.response?.json();
  } catch {
    body = undefined;
  }
  const chargeId = session.client.adapter.chargeIdOf(body);
  if (chargeId !== undefined) return chargeId;
  throw new PrerequisiteMissing(
    createJudgedBy,
    `the charge creation answered ${exchange.response?.status ?? 'nothing'} with no charge id to read`,
    [exchange],
  );
}

export async function queryCharge(
  session: BillingSession,
  chargeId: string,
  attributes: Record<string, string>,
  request: CatalogRequest = {},
): Promise<ChargeReading> {
  const exchange = await session.client.send(op.queryCharge, {
    ...request,
    json: session.client.adapter.queryChargeBody(chargeId, attributes),
  });
  return queryReading(session, exchange);
}

/** A query's answer read by the adapter; a refusal or another shape is the query rules' finding, a block for others. */
function queryReading(session: BillingSession, exchange: Exchange): ChargeReading {
  return setUpStep(queryJudgedBy, () => {
    stepSucceeded(exchange);
    const parsed = parsedWith(exchange, (body) => session.client.adapter.parseQueryResponse(body));
    return { exchange, pricing: parsed.resolvedPricing, state: parsed.charge.state };
  });
}

/**
 * A query the documents say nothing of: no row matches and the charge has no default pricing (query rule 2 covers only
 * "the default charge-level pricing is returned if one is defined"). A refusal (4xx) is allowed and reads as no
 * pricing; any other answer is read as a query's.
 */
export async function queryWithoutResolution(
  session: BillingSession,
  chargeId: string,
  attributes: Record<string, string>,
): Promise<ChargeReading | { refused: Exchange }> {
  const exchange = await session.client.send(op.queryCharge, {
    json: session.client.adapter.queryChargeBody(chargeId, attributes),
  });
  const status = exchange.response?.status;
  if (status !== undefined && status >= 400 && status <= 499) return { refused: exchange };
  return queryReading(session, exchange);
}

/**
 * Two answers to one query, the second asked after the first, must be the same before a rule can compare
 * answers across another operation: when they differ, the query itself changed something, which is the
 * no-side-effects rule's finding, and the asking rule is blocked by it. They are compared on what the documents
 * define (comparableQueryAnswer): what a target adds where they are silent (a per-request id) never makes them differ.
 */
export function queryRepeatable(session: BillingSession, first: Exchange, again: Exchange): void {
  const { adapter } = session.client;
  if (isDeepStrictEqual(comparableQueryAnswer(adapter, first), comparableQueryAnswer(adapter, again))) return;
  throw new PrerequisiteMissing(
    ['billing.charges.query.no_side_effects'],
    'the same query asked twice answered differently, so the query itself changes the charge and no other change can be read through it',
    [first, again],
  );
}

/**
 * A charge read through the query with attributes no row uses must resolve to the default pricing it was
 * made with, before a rule can read a pricing change that way; else the fallback rule's finding blocks it.
 */
export function readsDefaultPricing(reading: ChargeReading, defaultPricing: Pricing): void {
  if (samePricing(reading.pricing, defaultPricing)) return;
  throw new PrerequisiteMissing(
    ['billing.charges.query.default_fallback'],
    `the query of a charge made with default pricing ${JSON.stringify(defaultPricing)} resolved to ${JSON.stringify(reading.pricing)}, so its pricing cannot be read that way`,
    [reading.exchange],
  );
}

/** Updates a charge; a refusal is the update rule's fault, and blocks any other rule. */
export async function updateCharge(
  session: BillingSession,
  chargeId: string,
  update: ChargeUpdate,
  request: CatalogRequest = {},
): Promise<Exchange> {
  const exchange = await session.client.send(op.updateCharge, {
    ...request,
    json: session.client.adapter.updateChargeBody(chargeId, update),
  });
  setUpStep(['billing.charges.update.body_identifies'], () => stepSucceeded(exchange));
  return exchange;
}

/** A valid body for each charge operation, around one existing charge: for probes of headers and auth. */
export function validChargeBodies(session: BillingSession, chargeId: string) {
  const { adapter } = session.client;
  return [
    {
      operation: op.createCharge,
      json: adapter.createChargeBody({
        name: `harness-${session.nonce}`,
        defaultPricing: { currency: 'USD', amount: 5 },
        rateCards: [],
      }),
    },
    {
      operation: op.updateCharge,
      json: adapter.updateChargeBody(chargeId, { defaultPricing: { currency: 'USD', amount: 6 } }),
    },
    { operation: op.queryCharge, json: adapter.queryChargeBody(chargeId, { region: 'eu' }) },
  ] as const;
}

/** Makes the one charge the header and auth probes update and query. */
export async function fixtureCharge(session: BillingSession): Promise<string> {
  const created = await createCharge(session, {
    name: `harness-fixture-${session.nonce}`,
    defaultPricing: { currency: 'USD', amount: 5 },
    rateCards: [],
  });
  return created.chargeId;
}
