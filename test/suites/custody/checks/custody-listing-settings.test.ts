import { judged, readFor } from '../../../checks/judged.ts';
import { describe, expect, test } from 'vitest';
import { cursorPageOf } from '../../../../suites/custody/checks/cursor-page.ts';
import { invalidCursorRefused, valueAt } from '../../../../suites/custody/checks/invalid-cursor-refused.ts';
import { pageQueryString } from '../../../../suites/custody/client/custody-client.ts';
import {
  custodySectionSchema,
  listingSettingsOf,
  listingSettingsSchema,
} from '../../../../suites/custody/entry/section.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';
import { violationOf } from '../../../checks/violation.ts';

const rule = 'test.rule';
const cursor = { currentPage: 'dG9rZW4=', hasNext: true, hasPrevious: false };
const section = (listings: unknown) =>
  custodySectionSchema.parse({
    baseUrl: 'http://127.0.0.1:1/custody',
    token: 't',
    tagId: 'x',
    contractInstanceId: 'y',
    listings,
  });

describe('custody settings per listing', () => {
  test('defaults are document 3: items under result, cursor. parameters, an array, the error code anywhere', () => {
    expect(listingSettingsOf(section({}), '/api/rest/v1/balances')).toEqual({
      itemsKey: 'result',
      cursorPrefix: 'cursor.',
      result: 'items',
    });
  });

  test('a listing named in the entry gets its own settings; an unknown listing path is a configuration error', () => {
    const own = section({ '/api/rest/v1/balances': { itemsKey: 'balances', cursorPrefix: 'requestCursor.' } });
    expect(listingSettingsOf(own, '/api/rest/v1/balances')).toMatchObject({
      itemsKey: 'balances',
      cursorPrefix: 'requestCursor.',
    });
    expect(listingSettingsOf(own, '/api/rest/v2/requests').itemsKey).toBe('result');
    expect(() => section({ '/api/rest/v9/nothing': {} })).toThrow();
    expect(() => section({ '/api/rest/v1/balances': { cursorPrefix: 'page.' } })).toThrow();
  });

  test("the cursor parameter prefix is the listing's", () => {
    expect(pageQueryString({ pageRequest: 'NEXT', pageSize: 2, currentPage: 'a+b' }, 'requestCursor.')).toBe(
      'requestCursor.pageRequest=NEXT&requestCursor.pageSize=2&requestCursor.currentPage=a%2Bb',
    );
  });

  test("items are read under the listing's key; under another key the page is not a cursor page", () => {
    const balances = listingSettingsSchema.parse({ itemsKey: 'balances' });
    expect(readFor(cursorPageOf, rule)(jsonExchange(200, { balances: [1, 2], cursor }), balances).result).toEqual([
      1, 2,
    ]);
    expect(
      violationOf(() => readFor(cursorPageOf, rule)(jsonExchange(200, { result: [1, 2], cursor }), balances), rule)
        .message,
    ).toContain('balances');
  });

  test("a string result (an export) stands as the page's one item; an array there is not one", () => {
    const exported = listingSettingsSchema.parse({ result: 'string' });
    expect(readFor(cursorPageOf, rule)(jsonExchange(200, { result: 'a,1\nb,2', cursor }), exported).result).toEqual([
      'a,1\nb,2',
    ]);
    violationOf(() => readFor(cursorPageOf, rule)(jsonExchange(200, { result: ['a'], cursor }), exported), rule);
  });

  test("where an error's code is found: anywhere by default, else exactly at the listing's path", () => {
    const nested = jsonExchange(400, { error: { code: 'E900-INVALID_CURSOR_DATA', message: 'x' } });
    expect(judged(invalidCursorRefused, rule)(nested).ruleId).toBe(rule);
    expect(judged(invalidCursorRefused, rule)(nested, 'error.code').ruleId).toBe(rule);
    expect(violationOf(() => judged(invalidCursorRefused, rule)(nested, 'code'), rule).message).toContain(
      'with code absent',
    );
    expect(valueAt({ errors: [{ code: 'E' }] }, 'errors.0.code')).toBe('E');
  });
});
