/*
 * Every limit and enumeration the open banking part (the Consumer Data Standards' product reference data) states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

export { defaultPage, defaultPageSize, maxPageSize } from './endpoints.ts';
export { listLinkNames } from './envelope-schemas.ts';
export * from './enums.ts';
