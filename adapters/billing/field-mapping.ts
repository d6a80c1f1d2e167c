import { z } from 'zod';
import type { BillingAdapter } from './adapter.ts';
import { referenceBillingAdapter } from './reference-adapter.ts';

/*
 * A declarative billing adapter, for a service whose records differ from the reference's only in their field names:
 * the entry's `adapter: { "fields": { "charge": "prpc", "id": "number", ... } }` names, for each field of the
 * reference's records (adapters/billing/reference-adapter.ts) the service calls otherwise, its own name. Bodies the
 * harness sends are the reference's with the names replaced, at any depth; answers are read with them put back. A
 * service with another structure (other nesting, other values) needs an adapter module of its own.
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

export const fieldMappingSchema = z
  .object({
    /** The reference's field name → the service's own for it (only those that differ). */
    fields: z.record(z.string(), z.string().min(1)),
  })
  .strict();
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/** What is wrong with a mapping, naming the key under `adapter`; undefined when it maps something, unambiguously. */
export function fieldMappingProblem(
  mapping: FieldMapping,
): { key: string[]; message: string; fix: string } | undefined {
  const entries = Object.entries(mapping.fields);
  const known = new Set<string>(referenceFieldNames);
  const unknown = entries.find(([field]) => !known.has(field));
  if (unknown)
    return {
      key: ['adapter', 'fields', unknown[0]],
      message: `"${unknown[0]}" is no field of the reference's records, so it would map nothing`,
      fix: `map fields among: ${referenceFieldNames.join(', ')}`,
    };
  const renamed = entries.filter(([field, own]) => field !== own);
  if (renamed.length === 0)
    return {
      key: ['adapter', 'fields'],
      message: 'the mapping renames no field: the service reads as the reference does',
      fix: 'use "adapter": "reference", or name the fields the service calls otherwise',
    };
  const taken = new Map<string, string>();
  for (const [field, own] of entries) {
    const earlier = taken.get(own);
    if (earlier !== undefined)
      return {
        key: ['adapter', 'fields', field],
        message: `"${own}" stands for both ${earlier} and ${field}: answers could not be read back`,
        fix: 'give each field a name of its own',
      };
    if (known.has(own) && !(own in mapping.fields) && own !== field)
      return {
        key: ['adapter', 'fields', field],
        message: `"${own}" is also a field of the reference's records, left unmapped: answers could not be read back`,
        fix: `map ${own} too, or give ${field} another name`,
      };
    taken.set(own, field);
  }
  return undefined;
}

/** The value with every object key renamed as `names` says, at any depth. */
function renamed(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [names.get(key) ?? key, renamed(item, names)]),
    );
  return value;
}

/** The reference adapter, speaking the service's field names. */
export function mappedBillingAdapter(mapping: FieldMapping): BillingAdapter {
  const out = new Map(Object.entries(mapping.fields));
  const back = new Map(Object.entries(mapping.fields).map(([field, own]) => [own, field]));
  const sent = (body: unknown) => renamed(body, out);
  const read = (body: unknown) => renamed(body, back);
  const reference = referenceBillingAdapter;
  return {
    name: `fields(${Object.entries(mapping.fields)
      .map(([field, own]) => `${field}→${own}`)
      .join(', ')})`,
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
