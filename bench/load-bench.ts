/*
 * Benchmark, not a test: prints figures, asserts nothing. The reference runs in a process of its own.
 * 1. Requests per second of the load path (a scenario with a response rule checked on every answer) against
 *    plain autocannon and wrk (Debian package `wrk`; skipped when absent), same request, same connections, 3 rounds
 *    interleaved, each ratio per round and their median: on nginx with one worker (Debian package `nginx`, started
 *    here from a config in a temp folder; a Node responder without it), then on the reference's billing
 *    queryCharge. On nginx also the open model's highest constant arrival rate held within 1 %. `--vs DIR` runs
 *    another checkout's load path in every round too. `--throughput` runs only this part.
 * 2. Requests the gzip-threshold probe takes to find the exact byte, before its under-load phase.
 * 3. How long the token-rate-limit probe takes to settle on a configured limit, and how close it gets.
 * 4. The open model (constant-rate runs, issue 21): see open-model-bench.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { referenceBillingAdapter } from '../rules/billing/adapters/reference-adapter.ts';
import { BillingClient } from '../suites/billing/client/billing-client.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { families } from '../families/index.ts';
import { probeGzipThreshold } from '../load/gzip-threshold-probe.ts';
import { probeRateLimit } from '../load/rate-limit-probe.ts';
import { runLoad } from '../load/run-load.ts';
import { type LoadScenario, thresholds } from '../load/scenario.ts';
import { chargeSizedResponses } from '../suites/billing/load/charge-sized-responses.ts';
import { tokenRateLimitOperation } from '../suites/billing/load/token-rate-limit-operation.ts';
import { billingOperations as op } from '../rules/billing/operations.ts';
import { tenantModeSchema } from '../rules/billing/tenant-mode.ts';
import { targetSchemaFor } from '../targets/schema.ts';
import { climbRates, openModelCeiling, stallScenario, steadyRate } from './open-model-bench.ts';
import { startStaticResponder } from './static-responder.ts';

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
  return {
    url: `${baseUrl}${op.queryCharge.path}`,
    path: op.queryCharge.path,
    headers: benchHeaders(await client.token()),
    body,
  };
}

/** The headers every tool sends: JSON, a bearer token, the track id the answer must echo. */
function benchHeaders(token: string): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'svc-track-id': 'bench-track' };
}

/** Every answer judged, as a nightly run judges them: the track id echoed. */
function trackIdEcho(judged: { count: number }): LoadScenario['checkResponse'] {
  return (response) => {
    judged.count += 1;
    return response.headers['svc-track-id'] === 'bench-track'
      ? undefined
      : { ruleId: 'billing.headers.track_id.echo', message: 'not echoed' };
  };
}

/** A run's requests per second and the CPU spent on each (microseconds): in JavaScript or C (user), in the kernel. */
interface Measure {
  rps: number;
  userPerRequest: number;
  systemPerRequest: number;
}

async function measured(run: () => Promise<number>): Promise<Measure> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answered = await run();
  const used = process.cpuUsage(cpu);
  return {
    rps: answered / ((performance.now() - started) / 1000),
    userPerRequest: used.user / Math.max(1, answered),
    systemPerRequest: used.system / Math.max(1, answered),
  };
}

/** The harness's load path (runLoad of this checkout, or of `--vs DIR`), a response rule judging every answer. */
async function loadPath(run: typeof runLoad, target: BenchTarget): Promise<Measure & { judged: string }> {
  const judged = { count: 0 };
  let summary = '';
  const measure = await measured(async () => {
    const load = await run({
      name: 'bench queryCharge',
      family: 'billing',
      baseUrl: target.baseUrl,
      requests: [
        { label: 'queryCharge', method: 'POST', path: target.path, headers: target.headers, body: target.body },
      ],
      connections,
      durationSeconds: seconds,
      maxRequests: 10_000_000,
      thresholds: thresholds('rate(5xx) == 0', 'p99 < 250 ms'),
      checkResponse: trackIdEcho(judged),
    });
    const answered = Object.values(load.statuses).reduce((a, b) => a + b, 0);
    const first = load.violations[0];
    summary = `${judged.count} of ${answered} answers judged, ${first ? `${first.count} breached ${first.ruleId} (first: ${first.sample.status} ${first.message})` : 'none breached'}, ${load.errors} errors, p99 ${load.latencyMs.p99} ms`;
    return answered;
  });
  return { ...measure, judged: summary };
}

function plainAutocannon({ url, headers, body }: BenchTarget): Promise<Measure> {
  return measured(async () => {
    const plain = await new Promise<Result>((resolve, reject) =>
      autocannon(
        { url, connections, duration: seconds, requests: [{ method: 'POST', headers, body }] },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    return plain.statusCodeStats['200']?.count ?? 0;
  });
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

/** wrk's requests per second and CPU per request (its own, from /usr/bin/time), or undefined where it is not installed. */
async function wrk(target: BenchTarget, threads: number): Promise<Measure | undefined> {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '-s', target.wrkScript, target.url];
  const out = await new Promise<string | undefined>((resolve) =>
    execFile('/usr/bin/time', ['-f', 'cpu %U %S', 'wrk', ...args], (error, stdout, stderr) =>
      resolve(error ? undefined : `${stdout}\n${stderr}`),
    ),
  );
  const rps = Number(/Requests\/sec:\s*([\d.]+)/.exec(out ?? '')?.[1]);
  if (!out || !rps) return undefined;
  const [, user, system] = /cpu ([\d.]+) ([\d.]+)/.exec(out) ?? [];
  return {
    rps,
    userPerRequest: (Number(user) * 1e6) / (rps * seconds),
    systemPerRequest: (Number(system) * 1e6) / (rps * seconds),
  };
}

/** Where the load goes: a URL, its request, and wrk's script for it. */
interface BenchTarget extends BenchRequest {
  name: string;
  /** The base URL runLoad is given; `path` is under it, `url` the two joined. */
  baseUrl: string;
  wrkScript: string;
}

type Round = {
  autocannon: Measure;
  harness: Measure & { judged: string };
  vs?: Measure;
  wrk?: Measure;
  wrk1?: Measure;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const load = () => `load average ${loadavg()[0]?.toFixed(2)}`;

/** `--vs DIR`: another checkout's runLoad run in every round beside this one's (before and after a change). */
async function otherLoadPath(): Promise<typeof runLoad | undefined> {
  const at = process.argv.indexOf('--vs');
  const dir = at >= 0 ? process.argv[at + 1] : undefined;
  if (!dir) return undefined;
  return ((await import(join(dir, 'load/run-load.ts'))) as { runLoad: typeof runLoad }).runLoad;
}

/** Three interleaved rounds on the target: autocannon, the load path (and `--vs`'s), wrk -t2 and -t1, in turn. */
async function rounds(target: BenchTarget, vs: typeof runLoad | undefined): Promise<Round[]> {
  console.log(`${target.name}: POST, ${connections} connections, ${seconds} s each, 3 interleaved rounds (${load()})`);
  const all: Round[] = [];
  for (let round = 1; round <= 3; round++) {
    const autocannonRun = await plainAutocannon(target);
    const harness = await loadPath(runLoad, target);
    const other = vs && (await loadPath(vs, target));
    const wrk2 = await wrk(target, 2);
    const wrk1 = await wrk(target, 1);
    const one: Round = {
      autocannon: autocannonRun,
      harness,
      ...(other ? { vs: other } : {}),
      ...(wrk2 ? { wrk: wrk2 } : {}),
      ...(wrk1 ? { wrk1 } : {}),
    };
    all.push(one);
    const figure = (name: string, measure: Measure | undefined) =>
      measure
        ? `${name} ${measure.rps.toFixed(0)} req/s (CPU a request ${measure.userPerRequest.toFixed(1)} us user + ${measure.systemPerRequest.toFixed(1)} us system)`
        : `${name} -`;
    console.log(
      `  round ${round} (${load()}): ${[
        figure('autocannon', autocannonRun),
        figure('harness', harness),
        ...(other ? [figure('--vs harness', other)] : []),
        figure('wrk -t2', wrk2),
        figure('wrk -t1', wrk1),
      ].join(', ')}`,
    );
    console.log(
      `    harness/autocannon ${(harness.rps / autocannonRun.rps).toFixed(2)}${wrk2 ? `, harness/wrk ${(harness.rps / wrk2.rps).toFixed(2)}` : ''}${other ? `, --vs/autocannon ${(other.rps / autocannonRun.rps).toFixed(2)}` : ''}; ${harness.judged}`,
    );
  }
  const ratio = (pick: (round: Round) => number | undefined) => {
    const values = all.map(pick).filter((value): value is number => value !== undefined && Number.isFinite(value));
    return values.length ? median(values).toFixed(2) : '-';
  };
  console.log(
    `  median of 3: harness/autocannon ${ratio((r) => r.harness.rps / r.autocannon.rps)}, harness/wrk -t2 ${ratio((r) => r.wrk && r.harness.rps / r.wrk.rps)}, harness/wrk -t1 ${ratio((r) => r.wrk1 && r.harness.rps / r.wrk1.rps)}${vs ? `, --vs/autocannon ${ratio((r) => r.vs && r.vs.rps / r.autocannon.rps)}, harness/--vs ${ratio((r) => r.vs && r.harness.rps / r.vs.rps)}` : ''}`,
  );
  return all;
}

/** The open model's highest constant rate held within 1 % (none dropped, no error) on the target, every answer judged. */
async function openModelHeld(target: BenchTarget): Promise<void> {
  const judged = { count: 0 };
  const ceiling = await climbRates(target.baseUrl, {
    requests: [{ label: 'queryCharge', method: 'POST', path: target.path, headers: target.headers, body: target.body }],
    checkResponse: trackIdEcho(judged),
  });
  console.log(`  open model, highest constant arrival rate held within 1 % (3 s a rate, ${load()}):`);
  console.log(`    rates tried: ${ceiling.tried.join(', ')}`);
  console.log(
    `    held: ${ceiling.rate} req/s (${ceiling.cpuPerRequest.toFixed(1)} us CPU a request), ${judged.count} answers judged`,
  );
}

async function throughput(): Promise<void> {
  const vs = await otherLoadPath();
  const responder = await startStaticResponder();
  try {
    const request = {
      url: responder.url,
      path: new URL(responder.url).pathname,
      headers: benchHeaders('bench-token'),
      body: '{"chargeId":"ch_0123456789abcdef"}',
    };
    await rounds(
      { ...request, name: responder.kind, baseUrl: new URL(responder.url).origin, wrkScript: wrkScript(request) },
      vs,
    );
    await openModelHeld({
      ...request,
      name: responder.kind,
      baseUrl: new URL(responder.url).origin,
      wrkScript: wrkScript(request),
    });
  } finally {
    responder.stop();
  }
  const { baseUrl, child } = await startReference([]);
  const client = clientFor(baseUrl);
  try {
    const request = await queryChargeRequest(client, baseUrl);
    await rounds(
      {
        ...request,
        name: "the reference's billing queryCharge (its own process)",
        baseUrl,
        wrkScript: wrkScript(request),
      },
      vs,
    );
  } finally {
    await client.close();
    child.kill();
  }
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

// `--open-model` runs only the open-model figures, `--throughput` only the load path's.
if (!process.argv.includes('--open-model')) await throughput();
if (!process.argv.includes('--open-model') && !process.argv.includes('--throughput')) {
  await gzipSearch();
  await rateLimitSettling();
}
if (!process.argv.includes('--throughput')) {
  await stallScenario();
  await steadyRate();
  await openModelCeiling();
}
