/*
 * Every limit and enumeration the custody part of document 3 states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

export { invalidCursorCode, pageRequests, releaseLines, upgradeFields } from './endpoints.ts';

/** The cursor page size of the document's walk ("Limits": the largest page size is not shown). */
export const shownWalkPageSize = 20;
