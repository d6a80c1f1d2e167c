import { InvalidRequest } from './reply.ts';

/**
 * Small validators for request records. Hand-written rather than a schema library because the input is
 * hostile JSON: keys such as "__proto__" must survive as data, inherited properties must never count as
 * sent fields, and every failure must become a 400 naming the field, never an exception.
 */

export type JsonObject = Record<string, unknown>;

function fail(field: string, problem: string): never {
  throw new InvalidRequest(`${field} ${problem}`, 'record');
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: unknown, field: string): JsonObject {
  if (!isObject(value)) fail(field, 'must be a JSON object');
  return value;
}

/** The field's own value; inherited names like "constructor" read as absent. */
export function own(record: JsonObject, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Length in code points, so one emoji counts as one character. */
export function charLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function text(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string') fail(field, 'must be a string');
  const length = charLength(value);
  if (length < min || length > max) fail(field, `must be ${min}..${max} characters`);
  return value;
}

export function optionalText(value: unknown, field: string, min: number, max: number): string | undefined {
  return value === undefined ? undefined : text(value, field, min, max);
}

export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) fail(field, `must be one of ${allowed.join(', ')}`);
  return match;
}

export function list(value: unknown, field: string, min: number, max: number): unknown[] {
  if (!Array.isArray(value)) fail(field, 'must be an array');
  if (value.length < min || value.length > max) fail(field, `must have ${min}..${max} items`);
  return value;
}

/** A map of string to string, copied with own data properties only (Object.fromEntries keeps "__proto__"). */
export function stringMap(
  value: unknown,
  field: string,
  bounds: { minEntries: number; keyMax: number; valueMin: number; valueMax: number },
): Record<string, string> {
  const record = object(value, field);
  const entries = Object.entries(record).map(([key, item]): [string, string] => {
    text(key, `${field} key`, 1, bounds.keyMax);
    return [key, text(item, `${field}.${key}`, bounds.valueMin, bounds.valueMax)];
  });
  if (entries.length < bounds.minEntries) fail(field, `must have at least ${bounds.minEntries} entries`);
  return Object.fromEntries(entries);
}
