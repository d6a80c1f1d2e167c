import type { BillingAdapter } from './adapter.ts';
import { referenceBillingAdapter } from './reference-adapter.ts';
import { type FieldMapping, renamings } from '../../../adapters/field-mapping.ts';

/*
 * A declarative billing adapter (adapters/field-mapping.ts), for a service whose records differ from the reference's
 * only in their field names: the entry's `adapter: { "fields": { "charge": "prpc", "id": "number", ... } }` names, for
 * each field of the reference's records (rules/billing/adapters/reference-adapter.ts) the service calls otherwise, its own
 * name. A service with another structure (other nesting, other values) needs an adapter module of its own.
 */

/** Every field name of the reference's records (token, charge, query and product, their requests and answers). */
export const referenceFieldNames = [
  'access_token',
  'expires_in',
  'charge',
  'id',
  'chargeId',
  'name',
  'description',
  'chargeModel',
  'defaultPricing',
  'rateCards',
  'conditions',
  'pricing',
  'currency',
  'amount',
  'attributes',
  'resolvedPricing',
  'product',
  'plans',
  'charges',
  'model',
  'unitOfMeasure',
] as const;

/** The reference adapter, speaking the service's field names. */
export function mappedBillingAdapter(mapping: FieldMapping): BillingAdapter {
  const { name, sent, read } = renamings(mapping);
  const reference = referenceBillingAdapter;
  return {
    name,
    parseTokenResponse: (body) => reference.parseTokenResponse(read(body)),
    createChargeBody: (draft) => sent(reference.createChargeBody(draft)),
    updateChargeBody: (chargeId, update) => sent(reference.updateChargeBody(chargeId, update)),
    updateChargeBodyWithoutId: (update) => sent(reference.updateChargeBodyWithoutId(update)),
    queryChargeBody: (chargeId, attributes) => sent(reference.queryChargeBody(chargeId, attributes)),
    createProductBody: (draft) => sent(reference.createProductBody(draft)),
    parseChargeResponse: (body) => reference.parseChargeResponse(read(body)),
    parseQueryResponse: (body) => reference.parseQueryResponse(read(body)),
    parseProductResponse: (body) => reference.parseProductResponse(read(body)),
    chargeIdOf: (body) => reference.chargeIdOf(read(body)),
    productIdOf: (body) => reference.productIdOf(read(body)),
    withoutGeneratedFields: (body) => reference.withoutGeneratedFields(read(body)),
    invalidChargeBodies: () =>
      reference.invalidChargeBodies().map((invalid) => ({ ...invalid, body: sent(invalid.body) })),
  };
}
