import { readFor } from '../../checks/judged.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cursorPageOf } from '../../../suites/custody/checks/cursor-page.ts';
import { walkItems } from '../../../suites/custody/checks/walk.ts';
import { CustodyClient, type PageQuery } from '../../../suites/custody/client/custody-client.ts';
import { Redactor } from '../../../core/redaction.ts';
import { custodyFamily } from '../../../families/custody.ts';
import { editCharAt, toBase64Url } from '../../../generators/custody/foreign-cursor.ts';
import { startReferenceServer, type RunningReference } from '../../../reference/server.ts';
import { custodyListingPaths } from '../../../rules/custody/endpoints.ts';
import { custodySectionSchema } from '../../../suites/custody/entry/section.ts';
import { DEFAULT_HTTP_CLIENT_OPTIONS } from '../../../client/http-client.ts';
import { walkListing } from '../../../suites/custody/support/walk-listing.ts';

const env: NodeJS.ProcessEnv = { REFERENCE_CUSTODY_TOKEN: 'custody-reference-test-token' };
const rule = 'test.rule';
const [tags, tagDetail] = custodyListingPaths;
let reference: RunningReference;
let client: CustodyClient;

beforeAll(async () => {
  reference = await startReferenceServer({ serve: [custodyFamily], env });
  const section = custodySectionSchema.parse(
    custodyFamily.reference.targetSection(reference.baseUrls.custody as string, 'default', env),
  );
  client = new CustodyClient(
    section,
    {
      timeoutMs: DEFAULT_HTTP_CLIENT_OPTIONS.timeoutMs,
      maxBodyBytes: DEFAULT_HTTP_CLIENT_OPTIONS.maxBodyBytes,
      concurrency: 8,
      unresponsiveAfter: 3,
    },
    new Redactor(),
  );
});
afterAll(async () => {
  await client.close();
  await reference.close();
});

const status = async (query: PageQuery, endpoint: string = tags) =>
  (await client.page(endpoint, query)).response?.status;
const body = async (query: PageQuery, endpoint: string = tags) =>
  (await client.page(endpoint, query)).response?.text() ?? '';
const firstToken = async (endpoint: string, pageSize: number) =>
  readFor(cursorPageOf, rule)(await client.page(endpoint, { pageRequest: 'FIRST', pageSize })).cursor.currentPage;

describe('custody reference: listings', () => {
  test('every listing walks forward and back; hundreds on some, a handful on others, one empty', async () => {
    const counts = await Promise.all(
      custodyListingPaths.map(async (endpoint) => walkItems(await walkListing(client, endpoint, 20, 'forward')).length),
    );
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(200);
    expect(counts).toContain(0);
    expect(counts.filter((count) => count > 0 && count < 10).length).toBeGreaterThan(0);
    const back = await walkListing(client, tags, 20, 'back');
    expect(walkItems(back).length).toBe(counts[0]);
  });
  test('FIRST and LAST need no token; NEXT and PREVIOUS without one are refused', async () => {
    expect(await status({ pageRequest: 'FIRST' })).toBe(200);
    expect(await status({ pageRequest: 'LAST' })).toBe(200);
    expect(await status({ pageRequest: 'NEXT' })).toBe(400);
    expect(await status({ pageRequest: 'PREVIOUS' })).toBe(400);
  });
  test('the empty listing is one page with both flags false', async () => {
    const page = readFor(
      cursorPageOf,
      rule,
    )(await client.page('/api/rest/v2/requests/for-approval', { pageRequest: 'FIRST', pageSize: 5 }));
    expect(page).toMatchObject({ result: [], cursor: { hasNext: false, hasPrevious: false } });
  });
});

describe('custody reference: cursor tokens', () => {
  test('tokens are standard base64, with +, / and = met on a walk, and accepted back percent-encoded', async () => {
    const walk = await walkListing(client, tags, 1, 'forward');
    const tokens = walk.pages.map(({ page }) => page.cursor.currentPage);
    for (const char of ['+', '/', '=']) expect(tokens.some((token) => token.includes(char))).toBe(true);
    expect(tokens.every((token) => Buffer.from(token, 'base64').toString('base64') === token)).toBe(true);
  });
  test('edited, re-encoded, other-endpoint and other-size tokens get E900-INVALID_CURSOR_DATA', async () => {
    const token = await firstToken(tags, 20);
    const foreign = [
      editCharAt(token, 5),
      token.slice(0, -2),
      toBase64Url(token),
      await firstToken(tagDetail, 20),
    ].filter((value) => value !== token);
    for (const value of foreign)
      expect(await body({ pageRequest: 'NEXT', pageSize: 20, currentPage: value })).toContain(
        'E900-INVALID_CURSOR_DATA',
      );
    expect(await body({ pageRequest: 'NEXT', pageSize: 5, currentPage: token })).toContain('E900-INVALID_CURSOR_DATA');
    expect(await status({ pageRequest: 'NEXT', pageSize: 20, currentPage: token })).toBe(200);
  });
});

describe('custody reference: upgrade and auth', () => {
  test('the upgrade takes any subset of string fields and refuses other values', async () => {
    expect((await client.upgrade({})).response?.json()).toMatchObject({ result: { status: 'SUBMITTED' } });
    expect((await client.upgrade({ gasLimit: '21000', gasPrice: '1' })).response?.status).toBe(200);
    expect((await client.upgrade({ gasLimit: 21000 })).response?.status).toBe(400);
  });
  test('a missing or wrong bearer token is refused on listings and the upgrade', async () => {
    expect((await client.page(tags, { pageRequest: 'FIRST' }, 'none')).response?.status).toBe(401);
    expect((await client.upgrade({}, { authorization: 'Bearer nope' })).response?.status).toBe(401);
  });
});
