/*
 * Every limit and enumeration the exchange part of document 3 states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

/** A signed request's timestamp may be at most this many seconds from the server's clock. */
export const timestampToleranceSeconds = 30;

export { exchangeCodes } from './codes.ts';
