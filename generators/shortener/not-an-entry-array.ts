import fc from 'fast-check';
import type { Gen, InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { mappingEntry } from './mapping-entry.ts';

const ruleId: RuleId = 'shortener.mappings.body-is-array';

/**
 * Bodies that are not a JSON array of mappingRequest: one valid entry as an object, wrappers, scalars, arrays of
 * non-objects.
 */
export function notAnEntryArray(nowMs: number): Gen<InvalidCase<unknown>> {
  const entry = mappingEntry(nowMs).boundaries[0];
  const cases: [unknown, string][] = [
    [entry, 'one valid entry as an object'],
    [{ mappings: [entry] }, 'the entries wrapped in an object'],
    [{}, 'an empty object'],
    ['https://example.com', 'a string'],
    [42, 'a number'],
    [null, 'null'],
    [[entry, 'https://example.com'], 'an array holding a string after a valid entry'],
    [[entry, null], 'an array holding null after a valid entry'],
    [[[entry]], 'an array of arrays'],
    [[7], 'an array of numbers'],
  ];
  const boundaries = cases.map(([value, why]) => ({ value, breaks: ruleId, why }));
  return { boundaries, arbitrary: fc.constantFrom(...boundaries) };
}
