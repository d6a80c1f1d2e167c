import fc from 'fast-check';
import { type CatalogRequest, headerNames } from '../client/billing-client.ts';
import { type ChargeRevision, chargeRevision, chargeTarget } from '../../../generators/billing/charge-revision.ts';
import { type KeyedCreation, keyedCreation } from '../../../generators/billing/keyed-creation.ts';
import { type OrgNaming, orgNaming } from '../../../generators/billing/org-naming.ts';
import { type RefusedCreation, refusedCreation } from '../../../generators/billing/refused-creation.ts';
import { type RequestRepeat, requestRepeat } from '../../../generators/billing/request-repeat.ts';
import { billingOperations as op } from '../../../rules/billing/operations.ts';
import type { TenantMode } from '../../../rules/billing/tenant-mode.ts';
import { countedBack, SequenceLog } from '../../support/stateful-phase.ts';
import { type BillingModel, type BillingReal, type Intent, judgementOf, type Plan, priceText } from './charge-model.ts';

/*
 * The billing sequences' commands (the model is charge-model.ts): charges made under no, fresh or earlier
 * Idempotency-Keys, creations refused for their body under an earlier key, PUTs of new default pricing, queries that
 * read it back, and earlier requests sent again (under another Svc-Track-Id or not); each naming no org, the charge's
 * own, or orgs outside access (fresh or sent before).
 */

type BillingCommand = fc.AsyncCommand<BillingModel, BillingReal>;

const keyText = (key: string | undefined) => (key === undefined ? '' : `, Idempotency-Key ${key.slice(-12)}`);

/**
 * The Svc-Org-Ids a naming comes to, given the charge's own orgs and the refused values sent before. A made-up org is
 * made fresh for the sequence (its last org, the outsider, gets the sequence's suffix): what a target remembers of an
 * earlier sequence's refusal (shrinking runs them again) must not stand for this one's.
 */
function orgsOf(naming: OrgNaming, model: BillingModel, real: BillingReal, home: string | undefined) {
  if (naming.kind === 'home') return { orgs: home, outside: false };
  if (naming.kind === 'outside') return { orgs: `${naming.outside.value}-${real.sequence}`, outside: true };
  if (naming.kind === 'reuse' && model.refusedOrgs.length > 0)
    return { orgs: countedBack(model.refusedOrgs, naming.reuse), outside: true };
  return { orgs: undefined, outside: false };
}

function headersOf(orgs: string | undefined, key: string | undefined, trackId?: string): Record<string, string> {
  return {
    ...(orgs === undefined ? {} : { [headerNames.orgIds]: orgs }),
    ...(key === undefined ? {} : { [headerNames.idempotencyKey]: key }),
    ...(trackId === undefined ? {} : { [headerNames.trackId]: trackId }),
  };
}

const orgText = (orgs: string | undefined) => (orgs === undefined ? '' : `, Svc-Org-Ids ${orgs}`);

/** Sends a plan as the sequence's next step, its `why` the request and what the model expects of it. */
async function sendPlan(model: BillingModel, real: BillingReal, plan: Plan): Promise<void> {
  const step = real.log.steps.length + 1;
  const judgement = judgementOf(model, real, plan, step);
  const exchange = await real.session.client.send(plan.operation, plan.request);
  real.log.record(exchange, `${plan.text}; expected: ${judgement.expect}`);
  model.plans.push(plan);
  judgement.settle(exchange);
}

/** POST /commerce/charges: a fresh charge, or an earlier key's retry (same body) or reuse (another body). */
class CreateCommand implements BillingCommand {
  constructor(
    readonly creation: KeyedCreation,
    readonly naming: OrgNaming,
    readonly home: string | undefined,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: BillingModel, real: BillingReal): Promise<void> {
    const { draft, key, trackId } = this.creation;
    // An earlier key where the sequence used one; else a fresh one.
    const earlier = key && 'reuse' in key && model.keys.length > 0 ? countedBack(model.keys, key.reuse) : undefined;
    const retry = earlier && key && 'reuse' in key && key.sameBody ? earlier : undefined;
    const sentKey =
      earlier?.key ??
      (key ? `${real.sequence}-${'fresh' in key ? key.fresh : `k${real.log.steps.length + 1}`}` : undefined);
    const body = retry?.body ?? real.session.client.adapter.createChargeBody(draft);
    // A retry names the orgs its first use named, unless it names orgs outside access.
    const { orgs, outside } = orgsOf(
      retry && (this.naming.kind === 'none' || this.naming.kind === 'home') ? { kind: 'home' } : this.naming,
      model,
      real,
      retry ? retry.orgs : this.home,
    );
    const pricing = retry
      ? (model.charges.find((one) => one.id === retry.chargeId)?.pricing ?? draft.defaultPricing)
      : draft.defaultPricing;
    const intent: Intent = { kind: 'create', pricing, key: sentKey, body };
    const request: CatalogRequest = { json: body, headers: headersOf(orgs, sentKey, trackId) };
    const what = retry ? `the body of step ${retry.step}` : `a charge at ${priceText(draft.defaultPricing)}`;
    const text = `POST /commerce/charges ${what}${keyText(sentKey)}${orgText(orgs)}${trackId ? ', own Svc-Track-Id' : ''}`;
    await sendPlan(model, real, { intent, operation: op.createCharge, request, orgs, outside, text });
  }

  toString(): string {
    return `create(${JSON.stringify(this.creation.key)}, ${this.naming.kind})`;
  }
}

/** POST /commerce/charges with a body that is no JSON object, under an earlier key or a fresh one. */
class RefusedCommand implements BillingCommand {
  constructor(readonly refusal: RefusedCreation) {}

  check(): boolean {
    return true;
  }

  async run(model: BillingModel, real: BillingReal): Promise<void> {
    const { body, key } = this.refusal;
    // An earlier key where the sequence used one; else a fresh one.
    const sentKey =
      'reuse' in key
        ? model.keys.length > 0
          ? countedBack(model.keys, key.reuse).key
          : `${real.sequence}-r${real.log.steps.length + 1}`
        : `${real.sequence}-${key.fresh}`;
    const intent: Intent = { kind: 'refused', key: sentKey, why: body.why };
    const request: CatalogRequest = { rawBody: body.value, headers: headersOf(undefined, sentKey) };
    const text = `POST /commerce/charges, ${body.why}${keyText(sentKey)}`;
    await sendPlan(model, real, { intent, operation: op.createCharge, request, orgs: undefined, outside: false, text });
  }

  toString(): string {
    return `refused(${this.refusal.body.why}, ${JSON.stringify(this.refusal.key)})`;
  }
}

/** PUT /commerce/charges: new default pricing for a charge of the sequence, named in the body. */
class UpdateCommand implements BillingCommand {
  constructor(
    readonly revision: ChargeRevision,
    readonly naming: OrgNaming,
  ) {}

  check(model: Readonly<BillingModel>): boolean {
    return model.charges.length > 0;
  }

  async run(model: BillingModel, real: BillingReal): Promise<void> {
    const charge = countedBack(model.charges, this.revision.target);
    const { pricing } = this.revision;
    const { orgs, outside } = orgsOf(this.naming, model, real, charge.orgs);
    const json = real.session.client.adapter.updateChargeBody(charge.id, { defaultPricing: pricing });
    const text = `PUT /commerce/charges the charge of step ${charge.step} to ${priceText(pricing)}${orgText(orgs)}`;
    await sendPlan(model, real, {
      intent: { kind: 'update', chargeId: charge.id, pricing },
      operation: op.updateCharge,
      request: { json, headers: headersOf(orgs, undefined) },
      orgs,
      outside,
      text,
    });
  }

  toString(): string {
    return `update(${JSON.stringify(this.revision)}, ${this.naming.kind})`;
  }
}

/** POST /commerce/charges/query of a charge of the sequence, with attributes no rate-card row uses. */
class QueryCommand implements BillingCommand {
  constructor(
    readonly target: number,
    readonly naming: OrgNaming,
  ) {}

  check(model: Readonly<BillingModel>): boolean {
    return model.charges.length > 0;
  }

  async run(model: BillingModel, real: BillingReal): Promise<void> {
    const charge = countedBack(model.charges, this.target);
    const { orgs, outside } = orgsOf(this.naming, model, real, charge.orgs);
    const json = real.session.client.adapter.queryChargeBody(charge.id, {});
    await sendPlan(model, real, {
      intent: { kind: 'query', chargeId: charge.id },
      operation: op.queryCharge,
      request: { json, headers: headersOf(orgs, undefined) },
      orgs,
      outside,
      text: `POST /commerce/charges/query the charge of step ${charge.step}, no attributes${orgText(orgs)}`,
    });
  }

  toString(): string {
    return `query(${this.target}, ${this.naming.kind})`;
  }
}

/** An earlier request sent again, as it was or under another Svc-Track-Id. */
class RepeatCommand implements BillingCommand {
  constructor(readonly repeat: RequestRepeat) {}

  check(model: Readonly<BillingModel>): boolean {
    return model.plans.length > 0;
  }

  async run(model: BillingModel, real: BillingReal): Promise<void> {
    const index = model.plans.length - 1 - (this.repeat.back % model.plans.length);
    const plan = model.plans[index] as Plan;
    const { trackId } = this.repeat;
    const headers = { ...plan.request.headers };
    if (trackId === undefined) delete headers[headerNames.trackId];
    else headers[headerNames.trackId] = trackId;
    const again = trackId === undefined ? 'again' : 'again under its own Svc-Track-Id';
    await sendPlan(model, real, {
      ...plan,
      request: { ...plan.request, headers },
      text: `step ${index + 1}'s request ${again} (${plan.text})`,
    });
  }

  toString(): string {
    return `repeat(${JSON.stringify(this.repeat)})`;
  }
}

/**
 * How often each command comes in a phase's sequences (fc.commands picks among its arbitraries evenly, so each is
 * listed that many times), and how much each naming of orgs outside access weighs (orgNaming's `outsideWeight`, 0:
 * none): each phase weighs most what its rule judges.
 */
export interface CommandMix {
  creates: number;
  refusals: number;
  updates: number;
  queries: number;
  repeats: number;
  outside: number;
}

/** Sequences of up to ten requests over the tenant's orgs, mixed as `mix` says. */
export function billingCommands(tenant: TenantMode, mix: CommandMix): fc.Arbitrary<Iterable<BillingCommand>> {
  const naming =
    tenant.multiOrg && mix.outside > 0
      ? orgNaming(tenant.accessibleOrgs, tenant.inaccessibleOrgs, mix.outside)
      : fc.constant<OrgNaming>({ kind: tenant.multiOrg && tenant.accessibleOrgs.length > 0 ? 'home' : 'none' });
  const home = tenant.multiOrg ? tenant.accessibleOrgs[0] : undefined;
  const times = <T>(count: number, arbitrary: T): T[] => Array.from({ length: count }, () => arbitrary);
  return fc.commands(
    [
      ...times(
        mix.creates,
        fc.tuple(keyedCreation, naming).map(([creation, org]) => new CreateCommand(creation, org, home)),
      ),
      ...times(
        mix.refusals,
        refusedCreation.map((refusal) => new RefusedCommand(refusal)),
      ),
      ...times(
        mix.updates,
        fc.tuple(chargeRevision, naming).map(([revision, org]) => new UpdateCommand(revision, org)),
      ),
      ...times(
        mix.queries,
        fc.tuple(chargeTarget, naming).map(([target, org]) => new QueryCommand(target, org)),
      ),
      ...times(
        mix.repeats,
        requestRepeat.map((repeat) => new RepeatCommand(repeat)),
      ),
    ],
    { maxCommands: 10, size: 'medium' },
  );
}

let sequences = 0;

/** A sequence's fresh model (what it reads leniently goes to `observed`, shared by the sequences) and real side. */
export function billingSequence(
  real: Omit<BillingReal, 'log' | 'sequence'>,
  observed: string[],
): { model: BillingModel; real: BillingReal } {
  sequences += 1;
  return {
    model: { charges: [], keys: [], plans: [], refusedOrgs: [], updates: [], observed },
    real: { ...real, log: new SequenceLog(), sequence: `${real.session.nonce}-s${sequences}` },
  };
}
