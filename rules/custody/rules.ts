import { said } from '../rule-quotes.ts';
import { defineRules, type RuleQuote } from '../rule.ts';
import { custodySource as source } from './source.ts';

const family = 'custody';

/** Where a sentence of the custody platform's published API (Taurus-PROTECT, which part C summarises) is read. */
const platformAt = (section: string) => ({
  title: 'Taurus-PROTECT APIs (OpenAPI description, apis.swagger.json)',
  version: '1.0, as published in taurus-protect-sdk at 09923dffabb02d8996f8eda8e756d9b15066db47',
  section,
  url: 'https://github.com/taurushq-io/taurus-protect-sdk/blob/09923dffabb02d8996f8eda8e756d9b15066db47/scripts/resources/swagger/apis.swagger.json',
});
/** A sentence of document 3, part C, and the word or cell that makes it a demand (absent: context or observed). */
const platformSaid = (text: string, section: string, demand?: string): RuleQuote =>
  said(text, demand, platformAt(section));

// Sentences of document 3, part C, word for word (test/rules/rule-quotes.test.ts finds each in the document).
const requestParameters =
  'Request parameters: `cursor.pageRequest` (enum `FIRST`, `LAST`, `NEXT`, `PREVIOUS`), `cursor.pageSize` (integer), `cursor.currentPage` (string token).';
const responseRecord =
  'Response: `result` (array) and `cursor` {currentPage (string token), hasNext (boolean), hasPrevious (boolean)}.';
const rule1 = '`FIRST` and `LAST` need no cursor.currentPage.';
const rule2 = '`NEXT` and `PREVIOUS` require cursor.currentPage.';
const rule3 =
  'The token must be copied unchanged from cursor.currentPage of an earlier response; it must never be built by the client (it is base64-encoded and serialised by the server).';
const rule4 =
  'The response returns a new token; hasPrevious false means the start is reached; hasNext false means the end is reached.';
const rule5 = 'A full walk: request FIRST, then repeat NEXT with the latest token until hasNext is false.';
const upgradeRow =
  'Upgrades an EVM proxy. Path id (string, required). Body: implementationID, fromAddressID, gasPrice, gasLimit (optional strings). 200 returns {result (object, optional)}.';
const upgradeBody = 'Upgrade request body (all optional strings): implementationID, fromAddressID, gasPrice, gasLimit.';
const bearer = '**C.** Bearer token in `Authorization`.';
const pageRequestMeaning =
  'The page to request, w.r.t the current page.\nCan be one of `FIRST`, `PREVIOUS`, `NEXT`, `LAST`';
const cursorSchemas = 'tgvalidatordRequestCursor, tgvalidatordResponseCursor';

/** Every rule of part C of document 3 (custody cursor pagination, EVM proxy upgrade, auth). */
export const custodyRules = defineRules()([
  {
    id: 'custody.cursor.first-last-without-token',
    family,
    source: source('Endpoints, C. Cursor rule 1'),
    statement: 'On every listing endpoint, FIRST and LAST without cursor.currentPage answer 200 with a cursor page.',
    check: 'cursor-page',
    quotes: [said(rule1, 'need no cursor.currentPage'), said(responseRecord, '`result` (array) and `cursor`')],
  },
  {
    id: 'custody.cursor.next-previous-require-token',
    family,
    source: source('Endpoints, C. Cursor rule 2'),
    statement: 'On every listing endpoint, NEXT and PREVIOUS without cursor.currentPage are refused (4xx).',
    check: 'status-for-invalid-input',
    quotes: [said(rule2, 'require cursor.currentPage')],
  },
  {
    id: 'custody.cursor.page-request-enum',
    family,
    source: source('Resources, C. Cursor pagination records (cursor.pageRequest)'),
    statement:
      'On every listing endpoint, a cursor.pageRequest outside its enum (FIRST, LAST, NEXT, PREVIOUS: another word, another case, a trailing space) is refused as a request error (4xx); its code and body are not shown and not judged. An empty value, which the real platform reads as the parameter not given, is observed.',
    check: 'status-for-invalid-input',
    quotes: [
      said(requestParameters, 'enum `FIRST`, `LAST`, `NEXT`, `PREVIOUS`'),
      platformSaid(pageRequestMeaning, cursorSchemas, 'Can be one of `FIRST`, `PREVIOUS`, `NEXT`, `LAST`'),
      said('Other error codes and the error body shape: not shown.'),
    ],
  },
  {
    id: 'custody.cursor.walk-complete',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    judgesWalkEnds: true,
    source: source('Endpoints, C. Cursor rule 5'),
    statement:
      'A full walk (FIRST, then NEXT with the latest token until hasNext is false) returns every item exactly once, whatever the page size (1, 2, 20, sizes that divide the list and sizes that do not).',
    check: 'cursor-walk-complete',
    quotes: [
      said(rule5, 'request FIRST, then repeat NEXT with the latest token until hasNext is false'),
      said(rule4, 'hasNext false means the end is reached'),
    ],
  },
  {
    id: 'custody.cursor.walk-back',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    source: source('Endpoints, C. Cursor rules 4 and 5'),
    statement:
      'Walking back with PREVIOUS from LAST returns the items of the forward walk in reverse, each page holding the items just before those of the page after it (pages compared as runs of items, so a platform capping its pages passes).',
    check: 'cursor-walk-back',
    quotes: [
      said(rule4, 'hasPrevious false means the start is reached'),
      said(requestParameters, '`PREVIOUS`'),
      platformSaid(pageRequestMeaning, cursorSchemas, 'The page to request, w.r.t the current page.'),
    ],
  },
  {
    id: 'custody.cursor.flags',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    judgesWalkEnds: true,
    source: source('Endpoints, C. Cursor rule 4'),
    statement: 'hasPrevious is false exactly on the first page and hasNext is false exactly on the last page.',
    check: 'cursor-flags',
    quotes: [
      said(rule4, 'hasPrevious false means the start is reached; hasNext false means the end is reached'),
      platformSaid(
        'Hints for UI to display whether a previous and/or next page of data\nare available.',
        cursorSchemas,
      ),
    ],
  },
  {
    id: 'custody.cursor.page-size',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    source: source('Resources, C. Cursor pagination records; Limits'),
    statement:
      'A page holds at most cursor.pageSize items. Whether the pages before the last are full is observed, not judged: neither the document nor the platform demands it (the platform: the service "should impose a hard limit").',
    check: 'cursor-page-size',
    quotes: [
      said(requestParameters, '`cursor.pageSize` (integer)'),
      said('| Cursor page size in the shown walk | 20 |'),
      said('Maximum cursor.pageSize: not shown.'),
      platformSaid(
        'The size of the page requested. The handling service should impose a hard limit on this',
        cursorSchemas,
        'The size of the page requested',
      ),
    ],
  },
  {
    id: 'custody.cursor.new-token',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    judgesWalkEnds: true,
    source: source('Endpoints, C. Cursor rule 4'),
    statement:
      'Every page of a walk returns a new token: a walk never meets the same token twice, and every token it is given can be read and sent back.',
    check: 'cursor-new-token',
    quotes: [said(rule4, 'The response returns a new token')],
  },
  {
    id: 'custody.cursor.foreign-token',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    source: source('Errors, C; Endpoints, C. Cursor rule 3'),
    statement:
      'A cursor.currentPage the server did not produce (edited, truncated, re-encoded, from another endpoint or page size, made up) is refused with E900-INVALID_CURSOR_DATA.',
    check: 'invalid-cursor-refused',
    quotes: [
      said(
        '`E900-INVALID_CURSOR_DATA` is returned when cursor.currentPage was not produced by the server.',
        '`E900-INVALID_CURSOR_DATA` is returned',
      ),
      said(rule3, 'it must never be built by the client'),
    ],
  },
  {
    id: 'custody.cursor.token-encoding',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    source: source('Endpoints, C. Cursor rule 3'),
    statement: 'A server token sent back percent-encoded in the query (its +, / and = included) is accepted unchanged.',
    check: 'cursor-page',
    quotes: [
      said(rule3, 'must be copied unchanged'),
      platformSaid('Base64-encoded string representing the current window of data', cursorSchemas),
    ],
  },
  {
    id: 'custody.cursor.model',
    family,
    prerequisites: ['custody.cursor.first-last-without-token'],
    source: source('Endpoints, C. Cursor rules 1 to 5'),
    statement:
      'Any sequence of FIRST, LAST, NEXT and PREVIOUS with random page sizes agrees after every step with the model of the list seen in a full walk (items, order, flags).',
    check: 'cursor-model-step',
    quotes: [
      said(rule1, 'need no cursor.currentPage'),
      said(rule2, 'require cursor.currentPage'),
      said(rule4, 'hasPrevious false means the start is reached; hasNext false means the end is reached'),
      said(rule5, 'repeat NEXT with the latest token'),
      platformSaid(pageRequestMeaning, cursorSchemas, 'The page to request, w.r.t the current page.'),
    ],
  },
  {
    id: 'custody.upgrade.accepts-optional-fields',
    family,
    source: source('Endpoints, C; Resources, C. Upgrade request body'),
    statement:
      'The EVM proxy upgrade with any subset of implementationID, fromAddressID, gasPrice and gasLimit as strings answers 200 with `result` an object when present.',
    check: 'upgrade-result',
    quotes: [said(upgradeRow, '200 returns {result (object, optional)}'), said(upgradeBody, 'all optional strings')],
  },
  {
    id: 'custody.upgrade.string-fields',
    family,
    source: source('Resources, C. Upgrade request body'),
    statement:
      'The EVM proxy upgrade with a non-string value (a number, a boolean, an array, an object) for one of its fields is refused (4xx); null, which the real platform reads as the field absent, is not judged.',
    check: 'status-for-invalid-input',
    quotes: [said(upgradeBody, 'all optional strings'), said('Other error codes and the error body shape: not shown.')],
  },
  {
    id: 'custody.auth.missing',
    family,
    source: source('Authentication, C'),
    statement: 'Every custody operation without an Authorization header is refused (4xx).',
    check: 'unauthorized-status',
    quotes: [said(bearer, 'Bearer token in `Authorization`')],
  },
  {
    id: 'custody.auth.invalid',
    family,
    prerequisites: ['custody.auth.missing'],
    source: source('Authentication, C'),
    statement: 'Every custody operation with a bearer token the target did not issue is refused (4xx).',
    check: 'unauthorized-status',
    quotes: [
      said(bearer, 'Bearer token in `Authorization`'),
      said('Token issuance for the custody interface: not shown.'),
    ],
  },
]);

export type CustodyRuleId = (typeof custodyRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    custody: CustodyRuleId;
  }
}
