import { randomUUID } from 'node:crypto';
import { freshPathMarker } from '../../../generators/shortener/mapping-entry.ts';

/**
 * A vanity path no earlier request of any run can have taken. Its randomness is not the property's: it only
 * keeps a target's memory of earlier runs out of the verdict.
 */
export function freshPath(): string {
  return `h-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

/** The entries with each generated path marker replaced by a fresh path of its own. */
export function withFreshPaths<T extends Record<string, unknown>>(entries: readonly T[]): T[] {
  return entries.map((entry) => (entry.path === freshPathMarker ? { ...entry, path: freshPath() } : entry));
}
