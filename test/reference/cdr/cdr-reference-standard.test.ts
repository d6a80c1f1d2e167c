import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readListBody } from '../../../suites/cdr/checks/product-walk.ts';
import { CdrClient } from '../../../suites/cdr/client/cdr-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { Redactor } from '../../../core/redaction.ts';
import { cdrFamily } from '../../../families/cdr.ts';
import { startReferenceServer, type RunningReference } from '../../../reference/server.ts';
import { errorResponse, listResponse, statusResponse } from '../../../rules/cdr/envelope-schemas.ts';
import { serviceStatuses } from '../../../rules/cdr/enums.ts';
import { productIssues } from '../../../rules/cdr/product-issues.ts';
import { statusIssues } from '../../../rules/cdr/status-issues.ts';
import { cdrSectionSchema } from '../../../suites/cdr/entry/section.ts';

/*
 * Every kind of response the reference gives, validated against the schemas derived from the published standard
 * (CDS 1.36.0): list pages and items, details, each status value, each error, in both version modes.
 */

const settings = { timeoutMs: 5000, maxBodyBytes: 1 << 24, concurrency: 8, unresponsiveAfter: 3 };
const json = (exchange: Exchange) => exchange.response?.json();
const issuesOf = (
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : (parsed.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
};

describe.each([
  { mode: 'default', list: 5, detail: 7 },
  { mode: 'older-versions', list: 3, detail: 4 },
])(
  'the reference in mode $mode follows the standard (list x-v $list, detail x-v $detail)',
  ({ mode, list, detail }) => {
    let reference: RunningReference;
    let client: CdrClient;
    beforeAll(async () => {
      reference = await startReferenceServer({ serve: [cdrFamily], families: { cdr: { mode } } });
      client = new CdrClient(
        cdrSectionSchema.parse(cdrFamily.reference.targetSection(reference.baseUrls.cdr as string, mode, {})),
        settings,
        new Redactor(),
      );
    });
    afterAll(async () => {
      await client.close();
      await reference.close();
    });

    test('every list page (every product, several page sizes, an empty one) and every list item', async () => {
      const pages = await Promise.all([
        client.list({ effective: 'ALL', pageSize: 1000 }),
        client.list({ pageSize: 7, page: 2 }),
        client.list({ brand: 'none has this' }),
        client.list(),
      ]);
      for (const page of pages) {
        expect(page.response?.headers['x-v']).toBe(String(list));
        expect(issuesOf(listResponse, json(page))).toEqual([]);
        const items = readListBody(json(page))?.data.products ?? [];
        expect(items.flatMap((item) => productIssues(item, 'list', list))).toEqual([]);
      }
      expect(readListBody(json(pages[0] as Exchange))?.data.products.length).toBeGreaterThan(300);
    });

    test('every product detail, nested records included', async () => {
      const items = (readListBody(json(await client.list({ effective: 'ALL', pageSize: 1000 })))?.data.products ??
        []) as { productId: string }[];
      const details = await Promise.all(items.map((item) => client.detail(item.productId)));
      for (const answer of details) {
        expect(answer.response?.headers['x-v']).toBe(String(detail));
        expect(productIssues((json(answer) as { data: unknown }).data, 'detail', detail)).toEqual([]);
      }
    });

    test('each error the suite provokes is an ErrorV2 list', async () => {
      const refusals = await Promise.all([
        client.list({}, { 'x-v': null }),
        client.status({ 'x-v': 'abc' }),
        client.detail('prd-0001', { 'x-v': '99' }),
        client.list({ effective: 'NOW' }),
        client.list({ page: '0' }),
        client.list({ pageSize: '1001' }),
        client.list({ updatedSince: 'yesterday' }),
        client.list({ page: 999 }),
        client.detail('harness-unknown-1'),
      ]);
      expect(refusals.map((answer) => answer.response?.status)).toEqual([400, 400, 406, 400, 400, 400, 400, 422, 404]);
      for (const answer of refusals) expect(issuesOf(errorResponse, json(answer))).toEqual([]);
    });
  },
);

test.each(serviceStatuses)('the status %s follows ResponseCommonDiscoveryStatus', async (status) => {
  const reference = await startReferenceServer({ serve: [cdrFamily], families: { cdr: { options: { status } } } });
  const client = new CdrClient(cdrSectionSchema.parse({ baseUrl: reference.baseUrls.cdr }), settings, new Redactor());
  try {
    const body = json(await client.status());
    expect(issuesOf(statusResponse, body)).toEqual([]);
    expect(statusIssues(body)).toEqual([]);
  } finally {
    await client.close();
    await reference.close();
  }
});
