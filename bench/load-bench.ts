/*
 * Benchmark, not a test: prints figures, asserts nothing. The reference runs in a process of its own.
 * 1. Requests per second of the load path (a scenario with a response rule checked on every answer) against
 *    plain autocannon and wrk (Debian package `wrk`; skipped when absent), same endpoint, same connections,
 *    in the same run.
 * 2. Requests the gzip-threshold probe takes to find the exact byte, before its under-load phase.
 * 3. How long the token-rate-limit probe takes to settle on a configured limit, and how close it gets.
 * 4. The open model (constant-rate runs, issue 21): see open-model-bench.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { referenceBillingAdapter } from '../adapters/billing/reference-adapter.ts';
import { BillingClient } from '../client/billing/billing-client.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { families } from '../families/index.ts';
import { probeGzipThreshold } from '../load/gzip-threshold-probe.ts';
import { probeRateLimit } from '../load/rate-limit-probe.ts';
import { runLoad } from '../load/run-load.ts';
import { thresholds } from '../load/scenario.ts';
import { chargeSizedResponses } from '../load/billing/charge-sized-responses.ts';
import { tokenRateLimitOperation } from '../load/billing/token-rate-limit-operation.ts';
import { billingOperations as op } from '../rules/billing/operations.ts';
import { tenantModeSchema } from '../rules/billing/tenant-mode.ts';
import { targetSchemaFor } from '../targets/schema.ts';
import { openModelCeiling, stallScenario, steadyRate } from './open-model-bench.ts';

const bin = fileURLToPath(new URL('../bin/harness.js', import.meta.url));
const env = { REFERENCE_CLIENT_ID: randomUUID(), REFERENCE_CLIENT_SECRET: randomBytes(24).toString('base64url') };
const connections = 16;
const seconds = 5;

/** `harness reference` in a child process; resolves with its billing base URL. */
function startReference(args: string[]): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [bin, 'reference', '--port', '0', '--mode', 'plain', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /billing=(\S+)/.exec(out);
      if (match?.[1]) resolve({ baseUrl: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`reference exited ${code}`)));
  });
}

function clientFor(baseUrl: string): BillingClient {
  const credentials = { clientId: env.REFERENCE_CLIENT_ID, clientSecret: env.REFERENCE_CLIENT_SECRET };
  const settings = targetSchemaFor(families()).parse({
    kind: 'url',
    families: { billing: { baseUrl, credentials } },
  }).client;
  return new BillingClient({
    baseUrl,
    credentials,
    tenant: tenantModeSchema.parse({}),
    adapter: referenceBillingAdapter,
    settings,
    redactor: defaultRedactor,
  });
}

/** One queryCharge request as every tool sends it: for a charge created first, with a token. */
interface BenchRequest {
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function queryChargeRequest(client: BillingClient, baseUrl: string): Promise<BenchRequest> {
  const created = await client.send(op.createCharge, {
    json: client.adapter.createChargeBody({
      name: 'bench',
      description: 'bench',
      defaultPricing: { currency: 'USD', amount: 1 },
      rateCards: [],
    }),
  });
  const body = JSON.stringify(
    client.adapter.queryChargeBody(client.adapter.parseChargeResponse(created.response?.json()).chargeId, {}),
  );
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${await client.token()}`,
    'svc-track-id': 'bench-track',
  };
  return { url: `${baseUrl}${op.queryCharge.path}`, path: op.queryCharge.path, headers, body };
}

/** The harness's load path, with a response rule checked on every answer. */
async function loadPath(baseUrl: string, { path, headers, body }: BenchRequest) {
  const load = await runLoad({
    name: 'bench queryCharge',
    family: 'billing',
    baseUrl,
    requests: [{ label: 'queryCharge', method: 'POST', path, headers, body }],
    connections,
    durationSeconds: seconds,
    maxRequests: 10_000_000,
    thresholds: thresholds('rate(5xx) == 0', 'p99 < 250 ms'),
    // A response rule on every answer, as a nightly run checks: the track id echoed.
    checkResponse: (response) =>
      response.headers['svc-track-id'] === 'bench-track'
        ? undefined
        : { ruleId: 'billing.headers.track_id.echo', message: 'not echoed' },
  });
  return { rps: Object.values(load.statuses).reduce((a, b) => a + b, 0) / load.durationSeconds, load };
}

async function plainAutocannon({ url, headers, body }: BenchRequest): Promise<number> {
  const plain = await new Promise<Result>((resolve, reject) =>
    autocannon(
      { url, connections, duration: seconds, requests: [{ method: 'POST', headers, body }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  return (plain.statusCodeStats['200']?.count ?? 0) / Number(plain.duration);
}

/** wrk's Lua script sending the request. */
function wrkScript({ headers, body }: BenchRequest): string {
  const script = join(mkdtempSync(join(tmpdir(), 'load-bench-')), 'post.lua');
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\n${Object.entries(headers)
      .map(([name, value]) => `wrk.headers["${name}"] = "${value}"`)
      .join('\n')}\n`,
  );
  return script;
}

/** wrk's requests per second, or undefined where it is not installed. */
async function wrk(url: string, script: string): Promise<number | undefined> {
  const out = await new Promise<string | undefined>((resolve) =>
    execFile('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '-s', script, url], (error, stdout) =>
      resolve(error ? undefined : stdout),
    ),
  );
  return out ? Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1]) : undefined;
}

type Round = { load: Awaited<ReturnType<typeof loadPath>>; plain: number; wrk: number | undefined };

async function throughput(): Promise<void> {
  const { baseUrl, child } = await startReference([]);
  const client = clientFor(baseUrl);
  try {
    const request = await queryChargeRequest(client, baseUrl);
    const script = wrkScript(request);
    // Interleaved rounds, best of each: the machine is shared, and whoever runs first also warms the target up.
    const rounds: Round[] = [];
    for (let round = 0; round < 3; round++)
      rounds.push({
        plain: await plainAutocannon(request),
        load: await loadPath(baseUrl, request),
        wrk: await wrk(request.url, script),
      });
    printThroughput(rounds);
  } finally {
    await client.close();
    child.kill();
  }
}

function printThroughput(rounds: readonly Round[]): void {
  const best = rounds.reduce((a, b) => (b.load.rps > a.load.rps ? b : a));
  const load = best.load.load;
  const loadRps = best.load.rps;
  const plainRps = Math.max(...rounds.map((round) => round.plain));
  const wrkRates = rounds.map((round) => round.wrk).filter((rate): rate is number => rate !== undefined);
  const wrkRps = wrkRates.length ? Math.max(...wrkRates) : undefined;
  console.log(
    `rounds (autocannon, load path, wrk req/s): ${rounds.map((round) => `${round.plain.toFixed(0)}, ${round.load.rps.toFixed(0)}, ${round.wrk?.toFixed(0) ?? '-'}`).join(' | ')}`,
  );

  console.log(
    `load path vs plain autocannon vs wrk: POST queryCharge, ${connections} connections, ${seconds} s each, 3 interleaved rounds, best of each, reference in its own process`,
  );
  console.log(
    `  load path (runLoad, track-id echo checked on every answer): ${loadRps.toFixed(0)} req/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, ${load.violations.length} rule breaches`,
  );
  console.log(`  plain autocannon:                                          ${plainRps.toFixed(0)} req/s`);
  console.log(
    `  wrk -t2:                                                   ${wrkRps === undefined ? 'not installed (apt-get install wrk)' : `${wrkRps.toFixed(0)} req/s`}`,
  );
  console.log(
    `  load path / autocannon: ${(loadRps / plainRps).toFixed(2)}${wrkRps ? `; load path / wrk: ${(loadRps / wrkRps).toFixed(2)}` : ''}`,
  );
}

async function gzipSearch(): Promise<void> {
  for (const threshold of [1000, 999, 1001, 499]) {
    const { baseUrl, child } = await startReference(['--gzip-threshold', String(threshold)]);
    const client = clientFor(baseUrl);
    try {
      const finding = await probeGzipThreshold(await chargeSizedResponses(client, baseUrl), {
        expectedBytes: 1000,
        rules: {
          over: 'billing.compression.response_over_threshold',
          under: 'billing.compression.response_under_threshold',
        },
        underLoadSeconds: 0,
        connections: 1,
        maxRequests: 1,
      });
      console.log(
        `gzip-threshold, reference threshold ${threshold}: found ${finding.thresholdBytes} in ${finding.requests} requests`,
      );
    } finally {
      await client.close();
      child.kill();
    }
  }
}

async function rateLimitSettling(): Promise<void> {
  for (const limit of [20, 50, 200]) {
    const { baseUrl, child } = await startReference(['--token-rate', `${limit}/1000`]);
    const client = clientFor(baseUrl);
    try {
      const started = performance.now();
      // The defaults a target entry gets: from 20 req/s doubling, 1 s steps.
      const finding = await probeRateLimit(tokenRateLimitOperation(client, baseUrl), {
        startRate: 20,
        maxRate: 400,
        stepSeconds: 1,
        recoverySeconds: 1,
        maxRequests: 8000,
        maxSeconds: 45,
        concurrency: 8,
      });
      const took = (performance.now() - started) / 1000;
      console.log(
        `token-rate-limit, limit ${limit}/s: found ${finding.limit}/s (${((((finding.limit ?? 0) - limit) / limit) * 100).toFixed(1)} %) in ${took.toFixed(1)} s, ${finding.steps.length} steps, ${finding.requests} requests`,
      );
    } finally {
      await client.close();
      child.kill();
    }
  }
}

// `--open-model` runs only the open-model figures.
if (!process.argv.includes('--open-model')) {
  await throughput();
  await gzipSearch();
  await rateLimitSettling();
}
await stallScenario();
await steadyRate();
await openModelCeiling();
