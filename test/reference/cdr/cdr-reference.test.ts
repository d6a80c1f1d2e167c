import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CdrClient } from '../../../suites/cdr/client/cdr-client.ts';
import { Redactor } from '../../../core/redaction.ts';
import { cdrFamily } from '../../../families/cdr.ts';
import { buildCatalogue, catalogueSize } from '../../../reference/cdr/catalogue.ts';
import { startReferenceServer, type RunningReference } from '../../../reference/server.ts';
import { productCategories, serviceStatuses } from '../../../rules/cdr/enums.ts';
import { productIssues } from '../../../rules/cdr/product-issues.ts';
import { cdrSectionSchema } from '../../../suites/cdr/entry/section.ts';

const settings = { timeoutMs: 5000, maxBodyBytes: 1 << 22, concurrency: 4, unresponsiveAfter: 3 };
const now = Date.parse('2026-06-01T00:00:00Z');

describe('cdr reference catalogue', () => {
  const catalogue = buildCatalogue(now);
  const items = catalogue.map(({ item }) => item);
  test('several hundred products over every category and several brands, with distinct update times', () => {
    expect(catalogue).toHaveLength(catalogueSize);
    expect(catalogueSize).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((item) => item.productCategory))).toEqual(new Set(productCategories));
    expect(new Set(items.map((item) => item.brand)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((item) => item.lastUpdated)).size).toBe(catalogueSize);
  });
  test('effective windows in the past, the present and the future of its start, none within a day of it', () => {
    const day = 86_400_000;
    const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined);
    const retired = items.filter((item) => (time(item.effectiveTo) ?? Infinity) < now);
    const future = items.filter((item) => (time(item.effectiveFrom) ?? -Infinity) > now);
    const current = items.length - retired.length - future.length;
    expect([retired.length, future.length, current].every((count) => count > 30)).toBe(true);
    const edges = items
      .flatMap((item) => [time(item.effectiveFrom), time(item.effectiveTo)])
      .filter((edge): edge is number => edge !== undefined);
    expect(edges.every((edge) => Math.abs(edge - now) > day)).toBe(true);
  });
  test('every list item and detail keeps every record rule, and the details exercise each conditional rule', () => {
    const details = catalogue.map(({ item, detailOnly }) => ({ ...item, ...detailOnly }));
    expect(items.flatMap((item) => productIssues(item, 'list', 5))).toEqual([]);
    expect(details.flatMap((detail) => productIssues(detail, 'detail', 7))).toEqual([]);
    const json = JSON.stringify(details);
    for (const needle of [
      '"featureType":"OTHER"',
      '"constraintType":"OTHER"',
      '"eligibilityType":"OTHER"',
      '"feeType":"OTHER"',
      '"applicationType":"PERIODIC"',
      '"additionalBundleUris"',
      '"cardArt"',
      'data:image/png',
      '"feeMethodUType":"variable"',
      '"depositRates"',
      '"lendingRates"',
      '"bundles"',
    ]) {
      expect(json).toContain(needle);
    }
  });
});

describe('cdr reference server', () => {
  let reference: RunningReference;
  let client: CdrClient;
  const startWith = (status?: string) =>
    startReferenceServer({
      serve: [cdrFamily],
      families: { cdr: status === undefined ? {} : { options: { status } } },
    });
  beforeAll(async () => {
    reference = await startWith();
    client = new CdrClient(
      cdrSectionSchema.parse(cdrFamily.reference.targetSection(reference.baseUrls.cdr as string, 'default', {})),
      settings,
      new Redactor(),
    );
  });
  afterAll(async () => {
    await client.close();
    await reference.close();
  });

  test('by default the status reports each value in turn', async () => {
    const statuses = [];
    for (let call = 0; call < 4; call += 1)
      statuses.push(
        ((await client.status()).response?.json() as { data: { status: string } } | undefined)?.data.status ?? '',
      );
    expect(new Set(statuses)).toEqual(new Set(serviceStatuses));
  });

  test.each(serviceStatuses)('--cdr-status %s fixes what the status reports', async (status) => {
    const fixed = await startWith(status);
    const other = new CdrClient(cdrSectionSchema.parse({ baseUrl: fixed.baseUrls.cdr }), settings, new Redactor());
    try {
      for (let call = 0; call < 2; call += 1)
        expect(((await other.status()).response?.json() as { data: { status: string } } | undefined)?.data.status).toBe(
          status,
        );
    } finally {
      await other.close();
      await fixed.close();
    }
  });

  test('versions, the x-v response header, 406, 400, 422 and 404', async () => {
    const served = await client.list();
    expect(served.response?.status).toBe(200);
    expect(served.response?.headers['x-v']).toBe('5');
    expect((await client.list({}, { 'x-v': '9', 'x-min-v': '4' })).response?.headers['x-v']).toBe('5');
    expect((await client.detail('prd-0001', { 'x-v': '8' })).response?.status).toBe(406);
    expect((await client.status({ 'x-v': null })).response?.status).toBe(400);
    expect((await client.list({ page: 99 })).response?.status).toBe(422);
    expect((await client.detail('prd-9999')).response?.status).toBe(404);
    expect((await client.list({ updatedSince: '2024-02-30T00:00:00Z' })).response?.status).toBe(400);
  });

  test('a bearer token is accepted, not required', async () => {
    const withToken = new CdrClient(
      cdrSectionSchema.parse({ baseUrl: reference.baseUrls.cdr, token: 'any-token' }),
      settings,
      new Redactor(),
    );
    try {
      expect((await withToken.status()).response?.status).toBe(200);
    } finally {
      await withToken.close();
    }
  });
});
