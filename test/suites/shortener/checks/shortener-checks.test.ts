import { judged, readFor } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { RuleBlocked } from '../../../../engine/rule-blocked.ts';
import { RuleViolation } from '../../../../engine/rule-violation.ts';
import { baselineAccepted, refused } from '../../../../suites/shortener/checks/baseline-accepted.ts';
import { entryJudged } from '../../../../suites/shortener/checks/entry-judged.ts';
import { mappingsEcho } from '../../../../suites/shortener/checks/mappings-echo.ts';
import { mappingsResponse } from '../../../../suites/shortener/checks/mappings-response.ts';
import { vanitySequence } from '../../../../suites/shortener/checks/vanity-sequence.ts';
import { failedExchange, jsonExchange } from '../../../checks/exchanges.ts';
import { thrownBy, violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const entries = [
  { longUrl: 'https://example.com/a', expDate: '2031-06-01T10:00:00Z' },
  { longUrl: 'https://example.com/b', expDate: '2031-06-01T12:00:00+02:00' },
];
const answer = (longUrl: string, expDate: string) => ({
  longUrl,
  shortUrl: 'https://go.example/x',
  expDate,
  extra: true,
});

describe('entry-judged', () => {
  test('accepted means exactly 200, refused exactly 400', () => {
    expect(judged(entryJudged, rule)(jsonExchange(200, {}), { accepted: true }).ruleId).toBe(rule);
    expect(judged(entryJudged, rule)(jsonExchange(400, {}), { accepted: false }).ruleId).toBe(rule);
    violationOf(() => judged(entryJudged, rule)(jsonExchange(201, {}), { accepted: true }), rule);
    violationOf(() => judged(entryJudged, rule)(jsonExchange(400, {}), { accepted: true }), rule);
    violationOf(() => judged(entryJudged, rule)(jsonExchange(200, {}), { accepted: false }), rule);
    violationOf(() => judged(entryJudged, rule)(jsonExchange(422, {}), { accepted: false }), rule);
    violationOf(() => judged(entryJudged, rule)(failedExchange('TIMEOUT'), { accepted: false }), rule);
  });
});

describe('mappings-response', () => {
  test('200 with shortenResponse entries passes; extra fields are tolerated', () => {
    expect(
      judged(mappingsResponse, rule)(jsonExchange(200, { mappings: [answer('a', 'b')], more: 1 })).observations,
    ).toEqual({
      'shortUrl example': 'https://go.example/x',
    });
  });
  test('another status, no mappings, an empty shortUrl or a missing expDate are violations', () => {
    violationOf(() => judged(mappingsResponse, rule)(jsonExchange(202, { mappings: [] })), rule);
    violationOf(() => judged(mappingsResponse, rule)(jsonExchange(200, [answer('a', 'b')])), rule);
    expect(
      violationOf(
        () => judged(mappingsResponse, rule)(jsonExchange(200, { mappings: [{ ...answer('a', 'b'), shortUrl: '' }] })),
        rule,
      ).message,
    ).toContain('mappings.0.shortUrl');
    expect(
      violationOf(
        () => judged(mappingsResponse, rule)(jsonExchange(200, { mappings: [{ longUrl: 'a', shortUrl: 'b' }] })),
        rule,
      ).message,
    ).toContain('mappings.0.expDate');
  });
});

describe('mappings-echo', () => {
  test('one answer per entry in order passes, normalised echoes included', () => {
    const body = {
      mappings: [
        answer('https://EXAMPLE.com/a', '2031-06-01T10:00:00.000Z'),
        answer('https://example.com/b', '2031-06-01T10:00:00Z'),
      ],
    };
    expect(judged(mappingsEcho, rule)({ exchange: jsonExchange(200, body), entries }).ruleId).toBe(rule);
  });
  test('answers in another order pass: the document states none, the order met is observed', () => {
    const swapped = {
      mappings: [
        answer('https://example.com/b', entries[1]!.expDate),
        answer('https://example.com/a', entries[0]!.expDate),
      ],
    };
    const verdict = judged(mappingsEcho, rule)({ exchange: jsonExchange(200, swapped), entries });
    expect(verdict.observations?.order).toBe("another order than the request's");
  });
  test('a missing answer, an entry echoed by no answer or another expDate are violations', () => {
    expect(
      violationOf(
        () =>
          judged(
            mappingsEcho,
            rule,
          )({
            exchange: jsonExchange(200, { mappings: [answer('https://example.com/a', entries[0]!.expDate)] }),
            entries,
          }),
        rule,
      ).message,
    ).toContain('2 entries');
    const oneUrl = {
      mappings: [
        answer('https://example.com/a', entries[0]!.expDate),
        answer('https://example.com/a', entries[1]!.expDate),
      ],
    };
    expect(
      violationOf(() => judged(mappingsEcho, rule)({ exchange: jsonExchange(200, oneUrl), entries }), rule).message,
    ).toContain('entry 2 of 2');
    const shifted = {
      mappings: [
        answer('https://example.com/a', '2031-06-01T11:00:00Z'),
        answer('https://example.com/b', entries[1]!.expDate),
      ],
    };
    expect(
      violationOf(() => judged(mappingsEcho, rule)({ exchange: jsonExchange(200, shifted), entries }), rule).message,
    ).toContain('expDate');
  });
});

describe('vanity-sequence', () => {
  test('every step as expected passes; the first wrong step fails with the exchanges up to it', () => {
    const claim = jsonExchange(200, { mappings: [] });
    const again = jsonExchange(200, { mappings: [] });
    const later = jsonExchange(400, {});
    expect(
      judged(
        vanitySequence,
        rule,
      )([
        { exchange: claim, accepted: true, why: 'claim' },
        { exchange: later, accepted: false, why: 'again' },
      ]).ruleId,
    ).toBe(rule);
    const violation = violationOf(
      () =>
        judged(
          vanitySequence,
          rule,
        )([
          { exchange: claim, accepted: true, why: 'claim' },
          { exchange: again, accepted: false, why: 'path p on go again' },
          { exchange: later, accepted: false, why: 'never reached' },
        ]),
      rule,
      [claim, again],
    );
    expect(violation.message).toMatch(/^path p on go again: /);
  });
});

describe('blocked by the accepted rule (one fault, one failed rule)', () => {
  test('a plain baseline accepted lets the asking rule judge; refused, it blocks any rule but the accepted rule itself', () => {
    expect(() => readFor(baselineAccepted, rule)(jsonExchange(200, { mappings: [] }))).not.toThrow();
    const blocked = thrownBy(() => readFor(baselineAccepted, rule)(jsonExchange(400, {})));
    expect(blocked).toBeInstanceOf(RuleBlocked);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['shortener.mappings.accepted']);
    expect(
      thrownBy(() => readFor(baselineAccepted, 'shortener.mappings.accepted')(jsonExchange(400, {}))),
    ).toBeInstanceOf(RuleViolation);
    expect(refused(jsonExchange(400, {}))).toBe(true);
    expect(refused(failedExchange('TIMEOUT'))).toBe(false);
  });
  test('one-per-entry-in-order is blocked by a refusal of plain entries or an answer without mappings, and reads no other field', () => {
    expect(thrownBy(() => judged(mappingsEcho, rule)({ exchange: jsonExchange(400, {}), entries }))).toBeInstanceOf(
      RuleBlocked,
    );
    expect(
      thrownBy(() => judged(mappingsEcho, rule)({ exchange: jsonExchange(200, { list: [] }), entries })),
    ).toBeInstanceOf(RuleBlocked);
    // An empty shortUrl is the accepted rule's fault, not this one's.
    const body = {
      mappings: entries.map((entry) => ({ longUrl: entry.longUrl, expDate: entry.expDate, shortUrl: '' })),
    };
    expect(judged(mappingsEcho, rule)({ exchange: jsonExchange(200, body), entries }).ruleId).toBe(rule);
  });
  test("a vanity step that states another rule's property blocks the sequence when it is refused", () => {
    const blocked = thrownBy(() =>
      judged(
        vanitySequence,
        rule,
      )([
        {
          exchange: jsonExchange(400, {}),
          accepted: true,
          why: 'path p on go after m',
          judgedBy: ['shortener.vanity.other-domain-free'],
        },
      ]),
    );
    expect(blocked).toBeInstanceOf(RuleBlocked);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['shortener.vanity.other-domain-free']);
    expect((blocked as RuleBlocked).missing).toMatch(/^path p on go after m: /);
  });
});
