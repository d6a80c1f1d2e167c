/*
 * Every limit and enumeration the URL-shortening part of the card network document states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

export { defaultDomain, noStore, shortenerDomains } from './records.ts';
