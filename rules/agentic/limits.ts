/*
 * Every limit and enumeration the agentic-payments part of the card network document states, once, as named exports. Schemas, generators, checks,
 * suites, the reference and its mutants import them from here; test/rules/limits-written-once.test.ts reads
 * this module and finds any value written again as a literal outside rules/.
 */

export { enrollmentStatuses, intentStatuses, paymentCredentialStatuses } from './records.ts';
