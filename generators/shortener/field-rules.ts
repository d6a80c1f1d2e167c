import { noStore, shortenerDomains, type MappingRequest } from '../../rules/shortener/records.ts';
import type { ShortenerRuleId } from '../../rules/shortener/rules.ts';
import { validLongUrls } from './valid-long-urls.ts';
import { isoForms } from './iso-timestamp.ts';

/** A value for an entry's field, or the field left out. */
export const absent = Symbol('absent');
export type FieldValue = unknown | typeof absent;

/** What one field rule accepts and refuses, and where the value goes in an entry. */
export interface FieldRule {
  ruleId: ShortenerRuleId;
  /** The field as reports name it. */
  field: string;
  valid(nowMs: number): readonly FieldValue[];
  invalid: readonly FieldValue[];
  set(entry: MappingRequest, value: FieldValue): Record<string, unknown>;
}

function setKey(key: string) {
  return (entry: MappingRequest, value: FieldValue): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...entry };
    if (value === absent) delete copy[key];
    else copy[key] = value;
    return copy;
  };
}

function setParam(key: string) {
  return (entry: MappingRequest, value: FieldValue): Record<string, unknown> => ({
    ...entry,
    params: { ...entry.params, [key]: value },
  });
}

const day = 86_400_000;

/** The field rules of part D, each with the values that keep it (boundaries first) and the values that break it. */
export const fieldRules: readonly FieldRule[] = [
  {
    ruleId: 'shortener.long-url.required',
    field: 'longUrl',
    valid: () => [validLongUrls[0]],
    invalid: [absent],
    set: setKey('longUrl'),
  },
  {
    ruleId: 'shortener.long-url.valid-url',
    field: 'longUrl',
    valid: () => validLongUrls,
    invalid: [
      'not a url',
      'example.com/page',
      'www.example.com',
      '',
      'http://',
      'https://exa mple.com/',
      '//example.com/x',
      'http//example.com',
      12345,
      null,
      ['https://example.com'],
    ],
    set: setKey('longUrl'),
  },
  {
    ruleId: 'shortener.exp-date.required',
    field: 'expDate',
    valid: (now) => [new Date(now + day).toISOString()],
    invalid: [absent],
    set: setKey('expDate'),
  },
  {
    ruleId: 'shortener.exp-date.iso-8601',
    field: 'expDate',
    valid: (now) => [...isoForms(now + 30 * day), ...isoForms(now + 730 * day)],
    invalid: [
      // Not T24:00:00: ISO 8601 writes the end of a day so, and the document asks only for ISO 8601.
      'next week',
      '',
      '2031-13-01T10:00:00Z',
      '2031-02-30T10:00:00Z',
      '2031-06-01T24:30:00Z',
      '2031-06-01T10:60:00Z',
      '2031-06-01T10:00:61Z',
      '2031-00-10T10:00:00Z',
      '01/06/2031 10:00',
      '1938000000000',
      '2031-06-01T10:00:00+25:00',
      'T10:00:00Z',
      1938000000000,
      null,
    ],
    set: setKey('expDate'),
  },
  {
    ruleId: 'shortener.domain.enum',
    field: 'domain',
    valid: () => shortenerDomains,
    invalid: ['M', 'GO', 'Go', 'bca', 'bca.m.', 't', 'tm', 't.m ', ' m', 'x', '', 'mm', 'go.m', 7, null],
    set: setKey('domain'),
  },
  {
    ruleId: 'shortener.params.cache-control',
    field: 'params.da.redirect.cache-control',
    valid: () => [noStore],
    invalid: [
      'no-cache',
      'NO-STORE',
      'No-Store',
      'no-store ',
      ' no-store',
      'no-store, no-cache',
      'nostore',
      'max-age=0',
      'public',
      'private',
      '',
    ],
    set: setParam('da.redirect.cache-control'),
  },
  {
    ruleId: 'shortener.params.retention',
    field: 'params.da.couch.retention',
    valid: () => ['0', '1', '2', '30', '365', '3650', '100000'],
    invalid: ['-1', '-30', 'abc', '', 'ten', '-0.5', '1 day', ' 1'],
    set: setParam('da.couch.retention'),
  },
];

export function fieldRule(ruleId: string): FieldRule {
  const found = fieldRules.find((rule) => rule.ruleId === ruleId);
  if (!found) throw new Error(`No field rule ${ruleId}`);
  return found;
}

export const describeValue = (value: FieldValue): string => (value === absent ? 'left out' : JSON.stringify(value));
