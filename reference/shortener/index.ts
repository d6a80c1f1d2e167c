import type { FamilyReference } from '../family-reference.ts';
import { shortenerMutants } from './mutants/index.ts';

/**
 * The URL-shortening part of the reference target: POST /mappings with vanity paths kept in memory per
 * domain. The document does not show how the operation authenticates, so the reference asks for nothing.
 */
export const shortenerReference: FamilyReference = {
  prefix: '/shortener',
  modes: ['default'],
  mutants: shortenerMutants,
  ensureCredentials() {},
  create: async (options) => (await import('./create-handler.ts')).createShortenerHandler(options),
  targetSection(baseUrl) {
    return { baseUrl };
  },
};
