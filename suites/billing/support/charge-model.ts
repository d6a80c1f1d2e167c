import { isDeepStrictEqual } from 'node:util';
import { type Pricing, samePricing } from '../../../rules/billing/adapters/model.ts';
import type { UpdateObservation } from '../checks/update-targets-body-id.ts';
import type { RuleVerdict } from '../../../engine/rule-check.ts';
import type { DocumentedRefusal } from '../../../checks/status-for-invalid-input.ts';
import type { CatalogRequest } from '../client/billing-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { BillingOperation } from '../../../rules/billing/operations.ts';
import type { SequenceReal } from '../../support/stateful-phase.ts';
import type { BillingSession } from './billing-suite-session.ts';
import { bodyOf, statusOf, succeeded } from './answer-reading.ts';

/*
 * The billing catalog as a state machine, from document 1: the charges a sequence made and the default pricing each
 * must resolve to when no rate-card row matches (as made, then as its latest PUT set it: "PUT updates an existing PRPC:
 * default pricing ...; the charge is identified inside the body"), the Idempotency-Keys it used and the charge each
 * created ("retries carrying the same value are recognised and the operation is not performed twice"), and the
 * Svc-Org-Ids values naming an org outside access it sent ("naming an inaccessible org makes the operation fail",
 * every time, whatever came before). A phase judges one rule's postconditions with that rule's check; every other
 * rule's, and whatever the document leaves open (a key reused for another body), is read leniently and observed.
 */

/** What a request of the sequence is, in the model's terms. */
export type Intent =
  | { kind: 'create'; pricing: Pricing; key: string | undefined; body: unknown }
  | { kind: 'refused'; key: string | undefined; why: string }
  | { kind: 'update'; chargeId: string; pricing: Pricing }
  | { kind: 'query'; chargeId: string };

/** A request as sent: what it means, the operation, the request itself, its Svc-Org-Ids, and it in words. */
export interface Plan {
  intent: Intent;
  operation: BillingOperation;
  request: CatalogRequest;
  orgs: string | undefined;
  /** Svc-Org-Ids names an org outside access. */
  outside: boolean;
  text: string;
}

/** A reading of a charge through the query: its exchange, its resolved pricing and its state. */
interface Reading {
  exchange: Exchange;
  pricing: Pricing | null;
  state: unknown;
}

interface ModelCharge {
  id: string;
  step: number;
  orgs: string | undefined;
  /** The default pricing it must resolve to: as made, or as its latest update set it. */
  pricing: Pricing;
  update?: { step: number; exchange: Exchange };
  /** Its latest reading that resolved to that pricing. */
  confirmed?: { step: number; reading: Reading };
}

interface KeyUse {
  key: string;
  exchange: Exchange;
  body: unknown;
  orgs: string | undefined;
  chargeId: string;
  step: number;
}

export interface BillingModel {
  charges: ModelCharge[];
  keys: KeyUse[];
  /** Every request sent, for repeats. */
  plans: Plan[];
  /** Svc-Org-Ids values naming an org outside access, as sent. */
  refusedOrgs: string[];
  updates: { step: number; exchange: Exchange }[];
  /** What was read leniently, in words: reported, never failed. */
  observed: string[];
}

export const orgRule = 'billing.headers.org_ids.accessible';
export const replayRule = 'billing.headers.idempotency_key.replay';
export const updateRule = 'billing.charges.update.body_identifies';

/** "Naming an inaccessible org makes the operation fail": either refusal the charge operations list. */
export const inaccessibleOrgRefusals: DocumentedRefusal = [400, 401];

/** The rule a phase judges, with its bound check; every other rule's postcondition is observed. */
export type BillingJudge =
  | { rule: typeof orgRule; check: (exchange: Exchange, refusals: DocumentedRefusal) => RuleVerdict }
  | {
      rule: typeof replayRule;
      check: (
        exchanges: readonly Exchange[],
        resourceIdOf: (body: unknown) => string,
        createdFirst?: string,
      ) => RuleVerdict;
    }
  | { rule: typeof updateRule; check: (observation: UpdateObservation, newPricing: Pricing) => RuleVerdict };

export interface BillingReal extends SequenceReal {
  session: BillingSession;
  judge: BillingJudge;
  /** Unique per sequence (shrinking runs included), so that its fresh keys are fresh on the target. */
  sequence: string;
}

/** What the model expects of a request, in words, and how it judges the answer and moves on. */
export interface Judgement {
  expect: string;
  settle(exchange: Exchange): void;
}

export const priceText = (pricing: Pricing | null | undefined) =>
  pricing ? `${pricing.currency} ${pricing.amount.toFixed(2)}` : 'no pricing';

function note(model: BillingModel, step: number, plan: Plan, text: string): void {
  model.observed.push(`step ${step}: ${plan.text}: ${text}`);
}

/** The charge id a 2xx names, read leniently (the record's shape is the creation rule's). */
function chargeIdOf(real: BillingReal, exchange: Exchange): string | undefined {
  return succeeded(exchange) ? real.session.client.adapter.chargeIdOf(bodyOf(exchange)) : undefined;
}

/** A query's answer read leniently: undefined unless a 2xx with the adapter's query record. */
function readingOf(real: BillingReal, exchange: Exchange): Reading | undefined {
  if (!succeeded(exchange)) return undefined;
  try {
    const parsed = real.session.client.adapter.parseQueryResponse(bodyOf(exchange));
    return { exchange, pricing: parsed.resolvedPricing, state: parsed.charge.state };
  } catch {
    return undefined;
  }
}

/** A request naming an org outside access fails, whatever the sequence sent before it. */
function outsideJudgement(model: BillingModel, real: BillingReal, plan: Plan, step: number): Judgement {
  const orgs = plan.orgs as string;
  const before = model.refusedOrgs.includes(orgs) ? ', as it was before' : '';
  return {
    expect: `refused (400 or 401): Svc-Org-Ids ${orgs} names an org outside access${before}`,
    settle(exchange) {
      if (!model.refusedOrgs.includes(orgs)) model.refusedOrgs.push(orgs);
      const status = exchange.response?.status;
      if (real.judge.rule === orgRule) real.judge.check(exchange, inaccessibleOrgRefusals);
      else if (status !== 400 && status !== 401) note(model, step, plan, `${statusOf(exchange)} (the org rule's)`);
    },
  };
}

/** A creation: with a key used before and the same body and orgs, a retry that names the key's charge. */
function createJudgement(
  model: BillingModel,
  real: BillingReal,
  plan: Plan,
  intent: Extract<Intent, { kind: 'create' }>,
  step: number,
): Judgement {
  const first = intent.key === undefined ? undefined : model.keys.find((use) => use.key === intent.key);
  if (first) {
    const retry = isDeepStrictEqual(first.body, intent.body) && first.orgs === plan.orgs;
    return {
      expect: retry
        ? `a retry of step ${first.step} (same key, body and orgs): its charge ${first.chargeId} again, not a new one`
        : `the key of step ${first.step} with another body: any answer (the document does not say)`,
      settle(exchange) {
        if (!retry) return note(model, step, plan, `${statusOf(exchange)}, ${chargeIdOf(real, exchange) ?? 'no id'}`);
        if (real.judge.rule === replayRule) {
          real.judge.check([first.exchange, exchange], (body) => real.session.client.adapter.chargeIdOf(body) ?? '');
        } else if (chargeIdOf(real, exchange) !== first.chargeId)
          note(model, step, plan, `${statusOf(exchange)} naming ${chargeIdOf(real, exchange)} (the replay rule's)`);
      },
    };
  }
  return {
    expect: `a new charge at ${priceText(intent.pricing)}: a 2xx naming it`,
    settle(exchange) {
      const chargeId = chargeIdOf(real, exchange);
      if (chargeId === undefined) return note(model, step, plan, `${statusOf(exchange)} with no charge id`);
      model.charges.push({ id: chargeId, step, orgs: plan.orgs, pricing: intent.pricing });
      if (intent.key !== undefined)
        model.keys.push({ key: intent.key, exchange, body: intent.body, orgs: plan.orgs, chargeId, step });
    },
  };
}

/** A creation with a body that is no JSON object: refused, or (same key) the key's first answer replayed. */
function refusedJudgement(
  model: BillingModel,
  real: BillingReal,
  plan: Plan,
  intent: Extract<Intent, { kind: 'refused' }>,
  step: number,
): Judgement {
  const first = intent.key === undefined ? undefined : model.keys.find((use) => use.key === intent.key);
  return {
    expect: `refused (${intent.why})${first ? `, or step ${first.step}'s charge replayed for its key` : ''}; nothing changes`,
    settle(exchange) {
      const named = chargeIdOf(real, exchange);
      if (succeeded(exchange) && (first === undefined || named !== first.chargeId))
        note(model, step, plan, `${statusOf(exchange)} naming ${named ?? 'nothing'} (the invalid-input rule's)`);
    },
  };
}

function updateJudgement(
  model: BillingModel,
  plan: Plan,
  intent: Extract<Intent, { kind: 'update' }>,
  step: number,
): Judgement {
  const charge = model.charges.find((one) => one.id === intent.chargeId) as ModelCharge;
  return {
    expect: `a 2xx; charge of step ${charge.step} now resolves to ${priceText(intent.pricing)}`,
    settle(exchange) {
      if (!succeeded(exchange)) return note(model, step, plan, `${statusOf(exchange)} (the update rule's, planned)`);
      charge.pricing = intent.pricing;
      charge.update = { step, exchange };
      model.updates.push({ step, exchange });
    },
  };
}

/**
 * A query with attributes no row uses: the charge resolves to its default pricing. As updated, or unchanged after
 * another charge's update once read right, it is the update rule's; a charge never updated nor read is the fallback
 * rule's (observed).
 */
function queryJudgement(
  model: BillingModel,
  real: BillingReal,
  plan: Plan,
  intent: Extract<Intent, { kind: 'query' }>,
  step: number,
): Judgement {
  const charge = model.charges.find((one) => one.id === intent.chargeId) as ModelCharge;
  const { update, confirmed } = charge;
  const lastUpdate = model.updates.at(-1);
  const bystander = !update && confirmed && lastUpdate && lastUpdate.step > confirmed.step ? lastUpdate : undefined;
  const why = update
    ? `as its update at step ${update.step} set it`
    : bystander
      ? `as read at step ${confirmed?.step}, though charge updates came since`
      : `its default pricing as made at step ${charge.step}`;
  return {
    expect: `the charge of step ${charge.step} resolves to ${priceText(charge.pricing)}, ${why}`,
    settle(exchange) {
      const reading = readingOf(real, exchange);
      if (!reading) return note(model, step, plan, `${statusOf(exchange)}, no query record to read`);
      const right = samePricing(reading.pricing, charge.pricing);
      const judged = (update ?? bystander) && real.judge.rule === updateRule ? real.judge : undefined;
      if (judged) {
        judged.check(updateObservation(reading, update, bystander, confirmed), charge.pricing);
      } else if (!right) note(model, step, plan, `resolved to ${priceText(reading.pricing)}`);
      if (right) charge.confirmed = { step, reading };
    },
  };
}

/**
 * The update rule's observation for a reading: the updated charge as its target, or a bystander (another charge
 * updated since it was read right) as the charge not named, whose pricing (not its state: a state a query changes is
 * the no-side-effects rule's) must be as it was.
 */
function updateObservation(
  reading: Reading,
  update: ModelCharge['update'],
  bystander: { exchange: Exchange } | undefined,
  confirmed: ModelCharge['confirmed'],
): UpdateObservation {
  if (update || !bystander || !confirmed)
    return {
      update: (update ?? bystander)?.exchange as Exchange,
      targetAfter: reading,
      bystander: { before: reading, after: reading },
    };
  return {
    update: bystander.exchange,
    targetAfter: { ...reading, pricing: confirmed.reading.pricing },
    bystander: { before: { ...confirmed.reading, state: reading.state }, after: reading },
  };
}

/** What the model expects of a plan at this step, and how it settles the answer. */
export function judgementOf(model: BillingModel, real: BillingReal, plan: Plan, step: number): Judgement {
  if (plan.outside) return outsideJudgement(model, real, plan, step);
  const { intent } = plan;
  switch (intent.kind) {
    case 'create':
      return createJudgement(model, real, plan, intent, step);
    case 'refused':
      return refusedJudgement(model, real, plan, intent, step);
    case 'update':
      return updateJudgement(model, plan, intent, step);
    case 'query':
      return queryJudgement(model, real, plan, intent, step);
  }
}
