import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fieldCase } from '../../../generators/shortener/field-case.ts';
import { absent, fieldRules } from '../../../generators/shortener/field-rules.ts';
import { isoForms, withOffset } from '../../../generators/shortener/iso-timestamp.ts';
import { mappingRequest } from '../../../generators/shortener/mapping-request.ts';
import { plainRequest } from '../../../generators/shortener/plain-entry.ts';
import { notAnEntryArray } from '../../../generators/shortener/not-an-entry-array.ts';
import { isoTimestampSchema, mappingRequestSchema } from '../../../rules/shortener/records.ts';

const now = Date.UTC(2026, 0, 31, 22, 30);
const valid = (entries: unknown) => mappingRequestSchema.array().min(1).safeParse(entries).success;

describe('iso timestamps', () => {
  test('every form of one instant is ISO 8601 and names the same instant', () => {
    expect(withOffset(now, 120)).toBe('2026-02-01T00:30:00+02:00');
    expect(withOffset(now, -330)).toBe('2026-01-31T17:00:00-05:30');
    for (const form of isoForms(now)) {
      expect(isoTimestampSchema.safeParse(form).success, form).toBe(true);
      expect(Date.parse(form)).toBe(now);
    }
  });
});

describe('valid mapping requests', () => {
  test('boundaries and random requests keep every rule of the schema; same seed same values', () => {
    const gen = mappingRequest(now);
    expect(gen.boundaries.every(valid)).toBe(true);
    const sample = fc.sample(gen.arbitrary, { seed: 3, numRuns: 100 });
    expect(sample.filter((entries) => !valid(entries))).toEqual([]);
    expect(fc.sample(gen.arbitrary, { seed: 3, numRuns: 100 })).toEqual(sample);
    // Every expiry lies after the clock it was made from.
    expect(sample.flat().every((entry) => Date.parse(entry.expDate) > now)).toBe(true);
  });
});

describe('plain requests', () => {
  test('valid, distinct entries in the plainest form (Z dates, no optional field); same seed same values', () => {
    const gen = plainRequest(now);
    const sample = [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 3, numRuns: 50 })];
    expect(sample.every(valid)).toBe(true);
    for (const entries of sample) {
      expect(new Set(entries.map((entry) => entry.longUrl)).size).toBe(entries.length);
      expect(
        entries.every((entry) => Object.keys(entry).sort().join() === 'expDate,longUrl' && entry.expDate.endsWith('Z')),
      ).toBe(true);
    }
  });
  test('the requests of the accepted rule vary no field that has a rule of its own', () => {
    const sample = fc.sample(mappingRequest(now).arbitrary, { seed: 4, numRuns: 100 }).flat();
    expect(
      sample.every(
        (entry) =>
          entry.domain === undefined &&
          entry.expDate.endsWith('Z') &&
          entry.params?.['da.couch.retention'] === undefined,
      ),
    ).toBe(true);
  });
});

describe('field cases', () => {
  test.each(fieldRules.map((rule) => [rule.ruleId]))(
    '%s: accepted cases keep the schema, refused ones break it, at every position',
    (ruleId) => {
      const gen = fieldCase(ruleId, now);
      const cases = [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 5, numRuns: 60 })];
      for (const field of cases) expect(valid(field.body), field.why).toBe(field.accepted);
      // The baseline is the same request with a plain entry in place: always valid, same length.
      for (const field of cases)
        expect(valid(field.baseline) && field.baseline.length === field.body.length, field.why).toBe(true);
      expect(cases.some((field) => !field.accepted && field.position > 0)).toBe(true);
      expect(cases.some((field) => field.accepted)).toBe(true);
    },
  );
  test('a left-out value removes the key', () => {
    const rule = fieldRules.find((candidate) => candidate.ruleId === 'shortener.exp-date.required');
    expect(rule?.set({ longUrl: 'https://example.com', expDate: 'x' }, absent)).toEqual({
      longUrl: 'https://example.com',
    });
  });
});

describe('bodies that are not an entry array', () => {
  test('none is an array of valid entries, and all break the body rule', () => {
    const gen = notAnEntryArray(now);
    expect(gen.boundaries.filter((invalid) => valid(invalid.value))).toEqual([]);
    expect(new Set(gen.boundaries.map((invalid) => invalid.breaks))).toEqual(
      new Set(['shortener.mappings.body-is-array']),
    );
  });
});
