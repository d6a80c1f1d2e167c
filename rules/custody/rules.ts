import { defineRules } from '../rule.ts';
import { custodySource as source } from './source.ts';

const family = 'custody';

/** Every rule of part C of document 3 (custody cursor pagination, EVM proxy upgrade, auth). */
export const custodyRules = defineRules()([
  {
    id: 'custody.cursor.first-last-without-token',
    family,
    source: source('Endpoints, C. Cursor rule 1'),
    statement: 'On every listing endpoint, FIRST and LAST without cursor.currentPage answer 200 with a cursor page.',
    check: 'cursor-page',
  },
  {
    id: 'custody.cursor.next-previous-require-token',
    family,
    source: source('Endpoints, C. Cursor rule 2'),
    statement: 'On every listing endpoint, NEXT and PREVIOUS without cursor.currentPage are refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'custody.cursor.walk-complete',
    family,
    source: source('Endpoints, C. Cursor rule 5'),
    statement:
      'A full walk (FIRST, then NEXT with the latest token until hasNext is false) returns every item exactly once, whatever the page size (1, 2, 20, sizes that divide the list and sizes that do not).',
    check: 'cursor-walk-complete',
  },
  {
    id: 'custody.cursor.walk-back',
    family,
    source: source('Endpoints, C. Cursor rules 4 and 5'),
    statement: 'Walking back with PREVIOUS from LAST returns the pages of the forward walk in reverse page order.',
    check: 'cursor-walk-back',
  },
  {
    id: 'custody.cursor.flags',
    family,
    source: source('Endpoints, C. Cursor rule 4'),
    statement: 'hasPrevious is false exactly on the first page and hasNext is false exactly on the last page.',
    check: 'cursor-flags',
  },
  {
    id: 'custody.cursor.page-size',
    family,
    source: source('Resources, C. Cursor pagination records; Limits'),
    statement: 'A page holds at most cursor.pageSize items and only the last page of a walk holds fewer.',
    check: 'cursor-page-size',
  },
  {
    id: 'custody.cursor.new-token',
    family,
    source: source('Endpoints, C. Cursor rule 4'),
    statement:
      'Every page of a walk returns a new token: a walk never meets the same token twice and ends within the items it found.',
    check: 'cursor-new-token',
  },
  {
    id: 'custody.cursor.foreign-token',
    family,
    source: source('Errors, C; Endpoints, C. Cursor rule 3'),
    statement:
      'A cursor.currentPage the server did not produce (edited, truncated, re-encoded, from another endpoint or page size, made up) is refused with E900-INVALID_CURSOR_DATA.',
    check: 'invalid-cursor-refused',
  },
  {
    id: 'custody.cursor.token-encoding',
    family,
    source: source('Endpoints, C. Cursor rule 3'),
    statement: 'A server token sent back percent-encoded in the query (its +, / and = included) is accepted unchanged.',
    check: 'cursor-page',
  },
  {
    id: 'custody.cursor.model',
    family,
    source: source('Endpoints, C. Cursor rules 1 to 5'),
    statement:
      'Any sequence of FIRST, LAST, NEXT and PREVIOUS with random page sizes agrees after every step with the model of the list seen in a full walk (items, order, flags).',
    check: 'cursor-model-step',
  },
  {
    id: 'custody.upgrade.accepts-optional-fields',
    family,
    source: source('Endpoints, C; Resources, C. Upgrade request body'),
    statement:
      'The EVM proxy upgrade with any subset of implementationID, fromAddressID, gasPrice and gasLimit as strings answers 200 with `result` an object when present.',
    check: 'upgrade-result',
  },
  {
    id: 'custody.upgrade.string-fields',
    family,
    source: source('Resources, C. Upgrade request body'),
    statement: 'The EVM proxy upgrade with a non-string value for one of its fields is refused (4xx).',
    check: 'status-for-invalid-input',
  },
  {
    id: 'custody.auth.missing',
    family,
    source: source('Authentication, C'),
    statement: 'Every custody operation without an Authorization header is refused (4xx).',
    check: 'unauthorized-status',
  },
  {
    id: 'custody.auth.invalid',
    family,
    source: source('Authentication, C'),
    statement: 'Every custody operation with a bearer token the target did not issue is refused (4xx).',
    check: 'unauthorized-status',
  },
]);

export type CustodyRuleId = (typeof custodyRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    custody: CustodyRuleId;
  }
}
