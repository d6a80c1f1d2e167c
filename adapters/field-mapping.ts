import { z } from 'zod';

/*
 * A declarative adapter, for a service whose records differ from the reference's only in their field names: the
 * entry's `adapter: { "fields": { "<the reference's name>": "<the service's>", ... } }`. Bodies the harness sends are
 * the reference adapter's with the names replaced, at any depth; answers are read with them put back. Each family
 * names the fields its reference adapter writes (rules/billing/adapters/field-mapping.ts, rules/exchange/adapters/field-mapping.ts).
 */

export const fieldMappingSchema = z
  .object({
    /** The reference's field name → the service's own for it (only those that differ). */
    fields: z.record(z.string(), z.string().min(1)),
  })
  .strict();
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/** What is wrong with a mapping under a key, the key path below it named. */
export interface FieldMappingProblem {
  key: string[];
  message: string;
  fix: string;
}

/**
 * What is wrong with a mapping, naming the key under `adapter`; undefined when it maps something, unambiguously.
 * `known` are the field names of the reference's records, `records` says which records in words ("records", "orders").
 */
export function fieldMappingProblem(
  mapping: FieldMapping,
  known: readonly string[],
  records: string,
): FieldMappingProblem | undefined {
  const entries = Object.entries(mapping.fields);
  const names = new Set<string>(known);
  const unknown = entries.find(([field]) => !names.has(field));
  if (unknown)
    return {
      key: ['adapter', 'fields', unknown[0]],
      message: `"${unknown[0]}" is no field of the reference's ${records}, so it would map nothing`,
      fix: `map fields among: ${known.join(', ')}`,
    };
  const renamedFields = entries.filter(([field, own]) => field !== own);
  if (renamedFields.length === 0)
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
    if (names.has(own) && !(own in mapping.fields) && own !== field)
      return {
        key: ['adapter', 'fields', field],
        message: `"${own}" is also a field of the reference's ${records}, left unmapped: answers could not be read back`,
        fix: `map ${own} too, or give ${field} another name`,
      };
    taken.set(own, field);
  }
  return undefined;
}

/** The value with every object key renamed as `names` says, at any depth. */
export function renamed(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [names.get(key) ?? key, renamed(item, names)]),
    );
  return value;
}

/** The mapping's two ways: a body the harness sends renamed to the service's names, an answer's put back. */
export function renamings(mapping: FieldMapping): {
  name: string;
  sent: (body: unknown) => unknown;
  read: (body: unknown) => unknown;
} {
  const out = new Map(Object.entries(mapping.fields));
  const back = new Map(Object.entries(mapping.fields).map(([field, own]) => [own, field]));
  return {
    name: `fields(${Object.entries(mapping.fields)
      .map(([field, own]) => `${field}→${own}`)
      .join(', ')})`,
    sent: (body) => renamed(body, out),
    read: (body) => renamed(body, back),
  };
}
