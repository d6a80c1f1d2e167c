import fc from 'fast-check';
import type { MappingRequest } from '../../rules/shortener/records.ts';
import type { Gen } from '../gen.ts';
import { mappingEntry } from './mapping-entry.ts';

/**
 * Valid POST /mappings bodies: each boundary entry alone, all of them in one array, then one to five random entries.
 */
export function mappingRequest(nowMs: number): Gen<MappingRequest[]> {
  const entry = mappingEntry(nowMs);
  return {
    boundaries: [...entry.boundaries.map((one) => [one]), [...entry.boundaries]],
    arbitrary: fc.array(entry.arbitrary, { minLength: 1, maxLength: 5 }),
  };
}
