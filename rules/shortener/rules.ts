import { defineRules } from '../rule.ts';
import { shortenerSource as source } from './source.ts';

const family = 'shortener';

/** Every rule of part D of document 2 (URL shortening: POST /mappings). */
export const shortenerRules = defineRules()([
  {
    id: 'shortener.mappings.accepted',
    family,
    source: source('Endpoints, D; Resources, D. mappingRequest and shortenResponse'),
    statement:
      "An array of valid mappingRequest entries (one or several; optional path, params, user and userGroup present or not) answers 200 with `mappings`, each a shortenResponse with longUrl, a non-empty shortUrl and expDate. The valid forms of longUrl, expDate, domain, cache-control and retention are judged by those fields' rules; the other rules send plain entries and are blocked by this one when those are refused.",
    quotes: [
      {
        text: 'JSON array of mappingRequest. | 200 {mappings: list of shortenResponse}; 400.',
        demand: '200 {mappings: list of shortenResponse}',
      },
      {
        text: '`longUrl` (required), `shortUrl` (required; short only in E3, where domain DNS records exist; in E1 and E2 it begins with an environment-specific shortener host), `expDate` (required)',
        demand: '(required)',
      },
    ],
    check: 'mappings-response',
  },
  {
    id: 'shortener.bodies.json',
    family,
    source: source('Endpoints ("All bodies are JSON"); Endpoints, D'),
    statement:
      'The 200 of POST /mappings is labelled application/json (or a +json type) and parses; the 400 body is not shown: its Content-Type is observed.',
    quotes: [{ text: 'All bodies are JSON.', demand: 'All bodies are JSON' }],
    check: 'json-body',
  },
  {
    id: 'shortener.mappings.one-per-entry-in-order',
    family,
    prerequisites: ['shortener.exp-date.iso-8601', 'shortener.long-url.valid-url'],
    source: source('Endpoints, D; Resources, D. shortenResponse'),
    statement:
      "The answer holds exactly one shortenResponse per request entry, each echoing the entry's longUrl and expDate; the document states no order, so any order passes and the order met (request order or another) is observed.",
    quotes: [
      { text: 'Registers short URLs that redirect to long URLs until an expiry date.', demand: 'Registers short URLs' },
      {
        text: 'JSON array of mappingRequest. | 200 {mappings: list of shortenResponse}; 400.',
        demand: 'list of shortenResponse',
      },
      { text: '**shortenResponse**: `longUrl` (required)' },
    ],
    check: 'mappings-echo',
  },
  {
    id: 'shortener.mappings.body-is-array',
    family,
    source: source('Endpoints, D'),
    statement:
      'A body that is not a JSON array of mappingRequest (a single entry as an object, an object, a string, an array holding a non-object) is refused with 400.',
    quotes: [
      {
        text: 'JSON array of mappingRequest. | 200 {mappings: list of shortenResponse}; 400.',
        demand: 'JSON array of mappingRequest',
      },
    ],
    check: 'status-for-invalid-input',
  },
  {
    id: 'shortener.long-url.required',
    family,
    source: source('Resources, D. mappingRequest'),
    statement:
      'An entry without longUrl, at any position of the array, is refused with 400; the same request with it answers 200.',
    quotes: [{ text: 'longUrl | string | yes | Must be a valid URL', demand: 'yes' }],
    check: 'entry-judged',
  },
  {
    id: 'shortener.long-url.valid-url',
    family,
    source: source('Resources, D. mappingRequest'),
    statement:
      'longUrl must be a valid URL: http and https URLs with ports, queries, fragments, encoded characters and long paths are accepted; anything else (no scheme, no host, spaces, not a string) is refused with 400, at any position of the array.',
    quotes: [
      {
        text: 'longUrl | string | yes | Must be a valid URL; where the user is redirected.',
        demand: 'Must be a valid URL',
      },
    ],
    check: 'entry-judged',
  },
  {
    id: 'shortener.exp-date.required',
    family,
    source: source('Resources, D. mappingRequest'),
    statement:
      'An entry without expDate, at any position of the array, is refused with 400; the same request with it answers 200.',
    quotes: [{ text: 'expDate | string | yes | ISO 8601 timestamp', demand: 'yes' }],
    check: 'entry-judged',
  },
  {
    id: 'shortener.exp-date.iso-8601',
    family,
    source: source('Resources, D. mappingRequest'),
    statement:
      'expDate must be an ISO 8601 timestamp: Z or offset zones, with or without fractions of a second, are accepted; other forms and impossible dates (month 13, 30 February, 24:30, second 61, epoch numbers, words; 24:00:00, the end of a day in ISO 8601, is not sent) are refused with 400.',
    quotes: [
      {
        text: 'expDate | string | yes | ISO 8601 timestamp; after it the short URL redirects to a not-found page.',
        demand: 'ISO 8601 timestamp',
      },
    ],
    check: 'entry-judged',
  },
  {
    id: 'shortener.domain.enum',
    family,
    source: source('Resources, D. mappingRequest'),
    statement:
      'domain accepts exactly m, go, bca.m and t.m; any other value (other case, a part of one, padded, empty) is refused with 400.',
    quotes: [
      {
        text: 'domain | enum | no, default `m` | `m`, `go`, `bca.m`, `t.m`; used for the short URL in environment E3.',
        demand: '`m`, `go`, `bca.m`, `t.m`',
      },
    ],
    check: 'entry-judged',
  },
  {
    id: 'shortener.domain.default-m',
    family,
    prerequisites: ['shortener.mappings.accepted', 'shortener.vanity.other-domain-free'],
    source: source('Resources, D. mappingRequest'),
    statement:
      'An entry without domain uses m: a vanity path taken without a domain is taken for m and free for go, and one taken for m is taken for an entry without a domain.',
    quotes: [
      { text: 'domain | enum | no, default `m`', demand: 'default `m`' },
      {
        text: 'Requests a vanity path; when taken for the requested domain the request fails with HTTP 400.',
        demand: 'when taken for the requested domain the request fails with HTTP 400',
      },
    ],
    check: 'vanity-sequence',
  },
  {
    id: 'shortener.params.cache-control',
    family,
    source: source('Resources, D. params'),
    statement:
      'params `da.redirect.cache-control` accepts only no-store; any other value (other directives, other case, padded, empty) is refused with 400.',
    quotes: [
      {
        text: '`da.redirect.cache-control` (only valid value `no-store`, which prevents caching; without it the URL is cached automatically)',
        demand: 'only valid value `no-store`',
      },
    ],
    check: 'entry-judged',
  },
  {
    id: 'shortener.params.retention',
    family,
    source: source('Resources, D. params; Limits'),
    statement:
      'params `da.couch.retention` accepts a number of days zero or greater (0, 1, large values); a negative or non-numeric value is refused with 400.',
    quotes: [
      {
        text: '`da.couch.retention` (number of days, zero or greater, for which history is kept after the link expires)',
        demand: 'number of days, zero or greater',
      },
      { text: 'Short-URL retention after expiry | zero or more days', demand: 'zero or more days' },
    ],
    check: 'entry-judged',
  },
  {
    id: 'shortener.vanity.taken-for-domain',
    family,
    prerequisites: ['shortener.mappings.accepted'],
    source: source('Resources, D. mappingRequest; Errors, D'),
    statement:
      'A vanity path already taken for a domain is refused with 400 for that domain, on every domain. What two entries of one request asking for the same path and domain get is observed, not judged.',
    quotes: [
      {
        text: 'Requests a vanity path; when taken for the requested domain the request fails with HTTP 400.',
        demand: 'the request fails with HTTP 400',
      },
      { text: '**URL shortening:** 400 when a requested vanity path is already taken for the domain.', demand: '400' },
    ],
    check: 'vanity-sequence',
  },
  {
    id: 'shortener.vanity.other-domain-free',
    family,
    prerequisites: ['shortener.mappings.accepted'],
    source: source('Resources, D. mappingRequest'),
    statement:
      'A vanity path taken for one domain is still free on every other domain: the same path there answers 200.',
    quotes: [
      {
        text: 'Requests a vanity path; when taken for the requested domain the request fails with HTTP 400.',
        demand: 'for the requested domain',
      },
    ],
    check: 'vanity-sequence',
  },
]);

export type ShortenerRuleId = (typeof shortenerRules)[number]['id'];

declare module '../rule-id.ts' {
  interface RuleIdsOfFamilies {
    shortener: ShortenerRuleId;
  }
}
