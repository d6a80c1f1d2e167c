import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';
import { startStandardHolder, type StandardHolderOptions } from '../independent/cdr/standard-holder.ts';
import { cdrPage, product } from '../support/hostile-walkers.ts';

/*
 * Hostile open-banking holders through the real CLI: links off the holder, link loops, a next that never ends,
 * a 50 MB page, JSON nested a million levels. Each run ends with exit 1 and a finished report; nothing is
 * requested outside the holder, so nothing of another service can reach a report.
 */

/** A stand-in for a service the harness must never read (a cloud metadata endpoint): it counts requests. */
let elsewhere: { origin: string; requests: number; marker: string; close(): Promise<void> };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const marker = `metadata-${randomUUID()}`;
  const server = createServer((_req, res) => {
    elsewhere.requests += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: { products: [{ productId: marker }] },
        links: { self: marker },
        meta: { totalRecords: 1, totalPages: 1 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: 0,
    marker,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await elsewhere.close();
});

type ListBody = NonNullable<StandardHolderOptions['listBody']>;

/**
 * A page body made once per URL and served as the same Buffer after: the harness asks for the same page many times,
 * and making 50 MB again for each ask cost the test more than the run it judges.
 */
function madeOnce(listBody: ListBody): ListBody {
  const made = new Map<string, Buffer>();
  return (number, url) => {
    const key = url(number);
    let body = made.get(key);
    if (body === undefined) {
      const fresh = listBody(number, url);
      body = typeof fresh === 'string' ? Buffer.from(fresh) : fresh;
      made.set(key, body);
    }
    return body;
  };
}

const cases: Record<string, () => StandardHolderOptions> = {
  'links off the holder': () => ({
    links: (number, totalPages, url) => ({
      self: url(number),
      ...(number < totalPages
        ? {
            next: `${elsewhere.origin}/cdr/v1/banking/products?page=${number + 1}`,
            last: `${elsewhere.origin}/cdr/v1/banking/products?page=${totalPages}`,
          }
        : {}),
    }),
  }),
  'a link loop': () => ({
    links: (number, totalPages, url) => ({
      self: url(number),
      ...(number > 1 ? { first: url(1), prev: url(number - 1) } : {}),
      next: url(number >= 2 ? 1 : number + 1),
      last: url(totalPages),
    }),
  }),
  'a next that never ends': () => ({
    listBody: (number, url) =>
      cdrPage(
        [product(`endless-${number}`)],
        { self: url(number), next: url(number + 1), last: url(1_000_000) },
        1_000_000,
      ),
  }),
  'a 50 MB page': () => ({
    listBody: madeOnce((number, url) =>
      cdrPage(
        Array.from({ length: 50 * 1024 }, (_, index) => ({
          ...product(`big-${index}`),
          description: 'x'.repeat(1024),
        })),
        { self: url(number) },
        1,
      ),
    ),
  }),
  'JSON nested a million levels in a list page': () => ({
    listBody: madeOnce(
      (number, url) =>
        `{"data":{"products":[${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}]},"links":{"self":${JSON.stringify(url(number))}},"meta":{"totalRecords":1,"totalPages":1}}`,
    ),
  }),
};

/** The terminal output and every report file of a run, as one text. */
function everything(result: CliResult): string {
  const results = join(result.reportsDir, 'allure-results');
  const files = [
    join(result.reportsDir, 'summary.json'),
    join(result.reportsDir, 'junit.xml'),
    ...readdirSync(results).map((name) => join(results, name)),
  ];
  return [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

describe('hostile cdr holders: exit 1, a finished report, nothing requested outside the holder', () => {
  test.each(Object.keys(cases))(
    '%s',
    async (name) => {
      const holder = await startStandardHolder({ status: false, ...(cases[name] as () => StandardHolderOptions)() });
      closers.push(() => holder.close());
      const targets = writeTargets({
        hostile: {
          kind: 'url',
          families: {
            cdr: { baseUrl: holder.baseUrl, versions: { list: [3], detail: [4], status: [] }, maxWalkPages: 25 },
          },
          client: { timeoutMs: 5000 },
        },
      });
      const before = elsewhere.requests;
      const result = await runCli(
        [
          'run',
          '--targets',
          targets,
          '--target',
          'hostile',
          '--suite',
          'cdr',
          '--seed',
          '4',
          '--runs',
          '2',
          '--workers',
          '1',
          '--max-time',
          '150',
        ],
        { CI: 'true' },
      );
      const output = result.stdout.slice(-3000) + result.stderr.slice(-2000);
      expect(result.code, output).toBe(1);
      const summary = result.summary();
      expect(summary.inProgress).toBe(false);
      expect(summary.notRun).toEqual([]);
      expect(summary.counts.broken, output).toBe(0);
      expect(XMLValidator.validate(readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8'))).toBe(true);
      expect(existsSync(join(result.reportsDir, 'allure-results'))).toBe(true);
      expect(elsewhere.requests - before, 'requests that reached the other address').toBe(0);
      expect(everything(result)).not.toContain(elsewhere.marker);
      if (name === 'links off the holder') {
        const links = summary.rules.find((rule) => rule.ruleId === 'cdr.links.valid');
        expect(links?.status).toBe('failed');
        expect(links?.message).toContain('links.next points outside the holder: http://127.0.0.1');
        expect(summary.rules.find((rule) => rule.ruleId === 'cdr.pagination.walk-complete')?.status).toBe('blocked');
      }
      if (name === 'a link loop' || name === 'a next that never ends') {
        const walk = summary.rules.find((rule) => rule.ruleId === 'cdr.pagination.walk-complete');
        expect(walk?.status).toBe('failed');
        expect(walk?.message).toMatch(
          name === 'a link loop' ? /led back to a page already visited/ : /never ended within the walk's bounds/,
        );
      }
    },
    200_000,
  );
});
