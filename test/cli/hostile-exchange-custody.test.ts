import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Running, startHttp } from '../client/support/servers.ts';
import { type CliResult, runCli, writeTargets } from '../support/run-harness-cli.ts';

/*
 * Hostile custody and exchange targets through the real CLI (issue 18): a cursor token of 10 MB (and of 100 KB), a hasNext that
 * never turns false, an exchange that answers every signed request after 30 s. Each run ends with exit 1 and a
 * finished report, and nothing is requested anywhere but the target: each hostile body names a decoy address
 * (as a link and inside its token), and the decoy must see no request.
 */

const token = 'hostile-custody-token-4c1d';
const maxTimeSeconds = 150;
let decoy: Running;
let decoyRequests = 0;
const targets: Running[] = [];

beforeAll(async () => {
  decoy = await startHttp((_req, res) => {
    decoyRequests += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"decoy":"loot-from-elsewhere"}');
  });
});
afterAll(async () => {
  await Promise.all([decoy, ...targets].map((server) => server.close()));
});

const json = (res: ServerResponse, status: number, value: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

/** A custody target: bearer auth and the upgrade as documented, every listing page from `page`. */
function custodyTarget(page: (query: URLSearchParams, count: number) => unknown) {
  let count = 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { code: 'E401', message: 'no' });
    const url = new URL(req.url ?? '/', 'http://hostile.invalid');
    if (req.method === 'POST') return json(res, 200, { result: {} });
    if (
      url.searchParams.get('cursor.pageRequest') !== 'FIRST' &&
      url.searchParams.get('cursor.pageRequest') !== 'LAST' &&
      !url.searchParams.get('cursor.currentPage')
    )
      return json(res, 400, { code: 'E400' });
    json(res, 200, page(url.searchParams, count++));
  };
}

const behaviours = {
  'a cursor token of 10 MB': custodyTarget((_query, count) => ({
    result: [{ id: `i${count}` }],
    cursor: { currentPage: `${'A'.repeat(10 * 1024 * 1024)}${decoyUrl()}`, hasNext: true, hasPrevious: count > 0 },
    links: { next: `${decoyUrl()}/next` },
  })),
  // Small enough to answer at once, too long to send back: the rules that send tokens back are blocked, never broken.
  'a cursor token of 100 KB': custodyTarget((_query, count) => ({
    result: [{ id: `i${count}` }],
    cursor: { currentPage: `${'B'.repeat(100 * 1024)}${decoyUrl()}`, hasNext: true, hasPrevious: count > 0 },
  })),
  'a hasNext that never turns false': custodyTarget((query, count) => ({
    result: Array.from({ length: Number(query.get('cursor.pageSize') ?? 20) }, (_, index) => ({
      id: `i${count}-${index}`,
    })),
    cursor: { currentPage: Buffer.from(`${decoyUrl()}#${count}`).toString('base64'), hasNext: true, hasPrevious: true },
    links: { next: `${decoyUrl()}/page/${count}` },
  })),
  'an exchange that answers every signed request after 30 s': (_req: IncomingMessage, res: ServerResponse) => {
    const timer = setTimeout(() => json(res, 200, { code: '0', msg: '', data: [], next: decoyUrl() }), 30_000);
    res.once('close', () => clearTimeout(timer));
  },
} as const;
const decoyUrl = () => decoy.url;

function section(name: keyof typeof behaviours, baseUrl: string): Record<string, unknown> {
  if (name === 'an exchange that answers every signed request after 30 s') {
    return {
      exchange: {
        baseUrl,
        credentials: { apiKey: 'hostile-key', secretKey: '${HOSTILE_EXCHANGE_SECRET}' },
        rateLimitProbe: { maxSeconds: 5 },
      },
    };
  }
  return {
    custody: { baseUrl, token: '${HOSTILE_CUSTODY_TOKEN}', tagId: 't', contractInstanceId: 'c', maxWalkPages: 40 },
  };
}

/** The terminal output and every report file of a run, as one text. */
function everything(result: CliResult): string {
  const results = join(result.reportsDir, 'allure-results');
  const files = [
    join(result.reportsDir, 'summary.json'),
    join(result.reportsDir, 'junit.xml'),
    ...readdirSync(results).map((file) => join(results, file)),
  ];
  return [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

describe('hostile custody and exchange targets: exit 1, a finished report, nothing requested elsewhere', () => {
  test.each(Object.keys(behaviours) as (keyof typeof behaviours)[])(
    '%s',
    { timeout: maxTimeSeconds * 1000 + 30_000 },
    async (name) => {
      const target = await startHttp(behaviours[name]);
      targets.push(target);
      const family = name.startsWith('an exchange') ? 'exchange' : 'custody';
      const file = writeTargets({
        hostile: {
          kind: 'url',
          families: section(name, target.url),
          client: { timeoutMs: 1000, maxBodyBytes: 16 * 1024 * 1024 },
        },
      });
      const result = await runCli(
        [
          'run',
          '--targets',
          file,
          '--target',
          'hostile',
          '--suite',
          family,
          '--seed',
          '5',
          '--runs',
          '2',
          '--workers',
          '1',
          '--max-time',
          String(maxTimeSeconds),
        ],
        {
          HOSTILE_CUSTODY_TOKEN: token,
          HOSTILE_EXCHANGE_SECRET: 'hostile-exchange-secret-9e1f',
          CI: 'true',
        },
      );
      const output = result.stdout.slice(-3000) + result.stderr.slice(-2000);
      expect(result.code, output).toBe(1);
      const summary = result.summary();
      expect(summary.inProgress).toBe(false);
      // The run ended by itself, inside its deadline: read from the summary, not from a clock a busy machine slows.
      expect(summary.stoppedBy, output).toBeUndefined();
      expect(summary.counts.broken, output).toBe(0);
      expect(summary.rules.filter((rule) => rule.status === 'failed').length, output).toBeGreaterThan(0);
      if (name === 'a cursor token of 100 KB')
        for (const ruleId of ['custody.cursor.token-encoding', 'custody.cursor.foreign-token', 'custody.cursor.model'])
          expect(summary.rules.find((rule) => rule.ruleId === ruleId)?.blockedBy, ruleId).toEqual([
            'custody.cursor.new-token',
          ]);
      expect(XMLValidator.validate(readFileSync(join(result.reportsDir, 'junit.xml'), 'utf8'))).toBe(true);
      expect(decoyRequests, 'requests that reached the decoy address').toBe(0);
      const text = everything(result);
      expect(text).not.toContain('loot-from-elsewhere');
      expect(text).not.toContain(token);
    },
  );
});
