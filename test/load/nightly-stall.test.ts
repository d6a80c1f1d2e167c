import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runNightly } from '../../cli/load-nightly-command.ts';
import { families } from '../../families/index.ts';
import type { LoadResult } from '../../load/load-result.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { referenceEnv } from '../reference/support.ts';
import { startStallingServer, type StallingServer } from './stalling-server.ts';

/**
 * The constant-rate nightly run against a target that freezes 1 s every 5 s (a proxy in front of the bundled
 * shortener that holds every request during a freeze) and against the same shortener without it: the same
 * profile, 12 s at 50 req/s, the default thresholds (p50 < 100 ms, p99 < 500 ms, rate(2xx) >= 99%,
 * rate(5xx) == 0). The stalls must fail p99 < 500 ms and only it (exit 1); the steady target passes (exit 0).
 */
let reference: RunningReference;
let stalling: StallingServer;
let dir: string;
beforeAll(async () => {
  const shortener = families().find((family) => family.name === 'shortener');
  if (!shortener) throw new Error('the shortener family is registered');
  reference = await startReferenceServer({ env: referenceEnv(), serve: [shortener] });
  const upstream = new URL(reference.baseUrls.shortener as string);
  stalling = await startStallingServer({
    periodMs: 5000,
    freezeMs: 1000,
    handle: async (incoming, response, body) => {
      const answer = await request(new URL(incoming.url ?? '/', upstream.origin), { method: incoming.method as 'POST', headers: { 'content-type': incoming.headers['content-type'] ?? 'application/json' }, body });
      response.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') }).end(await answer.body.text());
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'nightly-stall-'));
  const entry = (baseUrl: string) => ({ kind: 'url', families: { shortener: { baseUrl } }, load: { rate: 50, durationSeconds: 12 } });
  writeFileSync(
    join(dir, 'targets.json'),
    JSON.stringify({ default: 'steady', targets: { steady: entry(upstream.href), stalling: entry(`${stalling.baseUrl}${upstream.pathname}`) } }),
  );
});
afterAll(async () => {
  await stalling.close();
  await reference.close();
});

const resultOf = (reportsDir: string): LoadResult => JSON.parse(readFileSync(join(reportsDir, 'load', 'nightly', 'nightly-shortener-mappings.json'), 'utf8')) as LoadResult;

describe('a constant-rate nightly run', () => {
  test('fails p99 < 500 ms (exit 1) on a target that freezes 1 s every 5 s, and passes the same profile on a steady one', { timeout: 40_000 }, async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const stallReports = join(dir, 'stall-reports');
    const steadyReports = join(dir, 'steady-reports');
    const [stallExit, steadyExit] = await Promise.all([
      runNightly({ targetsFile: join(dir, 'targets.json'), target: 'stalling', reportsDir: stallReports }),
      runNightly({ targetsFile: join(dir, 'targets.json'), target: 'steady', reportsDir: steadyReports }),
    ]);
    vi.restoreAllMocks();

    const stalled = resultOf(stallReports);
    const verdicts = Object.fromEntries(stalled.thresholds.map((verdict) => [verdict.threshold, verdict]));
    expect(stallExit, JSON.stringify(stalled.thresholds)).toBe(1);
    // Two freezes in 12 s: about a sixth of the requests wait up to a second from when they were due.
    expect(verdicts['p99 < 500 ms']?.passed).toBe(false);
    expect(verdicts['p99 < 500 ms']?.actual).toBeGreaterThan(800);
    // One fault, one failed threshold: the answers all came, as 2xx, and the median is unaffected.
    expect(stalled.thresholds.filter((verdict) => !verdict.passed).map((verdict) => verdict.threshold)).toEqual(['p99 < 500 ms']);
    expect(stalled.sent).toBe(600);
    expect(stalled.dropped).toBe(0);
    // The service time (from the actual send) of a request sent into a freeze is long too; the in-flight count grew.
    expect(stalled.offered.connections).toBeGreaterThan(4);

    const steady = resultOf(steadyReports);
    expect(steadyExit, JSON.stringify(steady.thresholds)).toBe(0);
    // (The rate's accuracy is open-model.test.ts's: here two runs and their charts share one process.)
    expect(steady.sent).toBe(600);
    expect(steady.dropped).toBe(0);

    // Both runs are in their history and have an Allure test with their charts.
    for (const reports of [stallReports, steadyReports]) {
      expect(readdirSync(join(reports, 'load', 'history')).filter((name) => name.endsWith('.json'))).toHaveLength(1);
      const allure = readdirSync(join(reports, 'allure-results'));
      expect(allure.filter((name) => name.endsWith('-result.json'))).toHaveLength(1);
      expect(allure.filter((name) => name.endsWith('.svg')).length).toBeGreaterThanOrEqual(5);
    }
    expect(existsSync(join(stallReports, 'load', 'nightly'))).toBe(true);
  });
});
