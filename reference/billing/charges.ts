import { randomUUID } from 'node:crypto';
import type { CatalogRequest } from './catalog.ts';
import type { BillingBehaviour } from './behaviour.ts';
import type { RequestScope } from './context.ts';
import { resolvePricing } from './pricing.ts';
import { attributes, chargeModels, chargeView, description, name, pricing, rateCards, type Charge } from './records.ts';
import { InvalidRequest, type Reply } from './reply.ts';
import { object, oneOf, own } from './validate.ts';

/** Charges (price plan charges): create, update by body id, Dynamic Pricing query. */

/** Visible when its org is in the request's org scope and its entity is the request's entity (null = unscoped). */
function visibleTo(scope: RequestScope, behaviour: BillingBehaviour) {
  return (charge: Charge): boolean =>
    (charge.orgId === null || scope.orgIds === null || behaviour.orgScopeAllows(charge.orgId, scope.orgIds)) &&
    (charge.entityId === null || charge.entityId === scope.entityId);
}

function chargeReply(status: number, charge: Charge): Reply {
  return { status, body: { success: true, charge: chargeView(charge) } };
}

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

/** `{ key: value }` when the value is set, else nothing, for spreading into records. */
function optionalField<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

export function createCharge({ ctx, scope, body }: CatalogRequest): Reply {
  const record = object(body, 'body');
  const defaultPricing = optional(own(record, 'defaultPricing'), (value) => pricing(value, 'defaultPricing'));
  const charge: Charge = {
    id: `prpc_${randomUUID()}`,
    name: name(own(record, 'name')),
    ...optionalField('description', description(own(record, 'description'))),
    chargeModel: oneOf(own(record, 'chargeModel'), 'chargeModel', chargeModels),
    ...optionalField('defaultPricing', defaultPricing),
    rateCards:
      optional(own(record, 'rateCards'), (value) => rateCards(value, 'rateCards', ctx.behaviour.createRateCardsMax)) ??
      [],
    entityId: scope.entityId,
    // The owning org: the first one the request names, else the caller's first accessible org.
    orgId: scope.orgIds?.[0] ?? null,
    version: 1,
  };
  ctx.charges.set(charge.id, charge);
  return chargeReply(ctx.behaviour.successStatus('createCharge'), charge);
}

function notFound(): InvalidRequest {
  return new InvalidRequest('no visible charge has this id', 'not-found', 'CHARGE_NOT_FOUND');
}

/** PUT /commerce/charges: the body's id names the charge; the given fields replace the stored ones. */
export function updateCharge({ ctx, scope, body }: CatalogRequest): Reply {
  const record = object(body, 'body');
  const id = own(record, 'id');
  if (typeof id !== 'string') throw new InvalidRequest('id is required and must be a string');
  const changes: Partial<Charge> = {
    ...optionalField(
      'name',
      optional(own(record, 'name'), (value) => name(value)),
    ),
    ...optionalField('description', description(own(record, 'description'))),
    ...optionalField(
      'defaultPricing',
      optional(own(record, 'defaultPricing'), (value) => pricing(value, 'defaultPricing')),
    ),
    ...optionalField(
      'rateCards',
      optional(own(record, 'rateCards'), (value) => rateCards(value, 'rateCards')),
    ),
  };
  if (Object.keys(changes).length === 0) {
    throw new InvalidRequest('an update must change at least one of name, description, defaultPricing, rateCards');
  }
  const charge = ctx.behaviour.findChargeForUpdate(ctx.charges, id, visibleTo(scope, ctx.behaviour));
  if (!charge) throw notFound();
  ctx.behaviour.applyChargeUpdate(charge, changes);
  charge.version++;
  return chargeReply(ctx.behaviour.successStatus('updateCharge'), charge);
}

/** The charge a query of an unknown id names: what a faulty target would make of it (the reference makes nothing). */
function unknownCharge(id: string, scope: RequestScope): Charge {
  return {
    id,
    name: id,
    chargeModel: chargeModels[0],
    rateCards: [],
    entityId: scope.entityId,
    orgId: scope.orgIds?.[0] ?? null,
    version: 1,
  };
}

/** POST /commerce/charges/query: reads only; the charge comes back exactly as stored. */
export function queryCharge({ ctx, scope, body }: CatalogRequest): Reply {
  const record = object(body, 'body');
  const chargeId = own(record, 'chargeId');
  if (typeof chargeId !== 'string') throw new InvalidRequest('chargeId is required and must be a string');
  const supplied = attributes(own(record, 'attributes'), 'attributes');
  const charge = ctx.charges.get(chargeId);
  if (!charge || !visibleTo(scope, ctx.behaviour)(charge)) {
    if (!charge) ctx.behaviour.afterUnknownQuery(ctx.charges, unknownCharge(chargeId, scope));
    throw notFound();
  }
  const resolution = ctx.behaviour.queryResolution(charge, supplied, () =>
    resolvePricing(charge, supplied, ctx.behaviour),
  );
  const { pricing: resolvedPricing, ...how } = resolution; // how: source, and rateCardIndex for a row
  const reply: Reply = {
    status: ctx.behaviour.successStatus('queryCharge'),
    body: { success: true, charge: chargeView(charge), resolvedPricing, ...how },
  };
  ctx.behaviour.afterQuery(charge, supplied);
  return reply;
}
