/*
 * The open-model figures of issue 21 (printed, not asserted), imported by load-bench.ts:
 * 1. A target that freezes 1 s every 5 s, offered 100 req/s for 20 s: the harness's p99 against the true p99
 *    computed here from the schedule alone (each request due at start + i / rate waits out the freeze it falls
 *    in), and what the closed model (autocannon, the path nightly runs used before) reports for the same load.
 * 2. A steady target: achieved rate / offered rate.
 * 3. The open model's maximum sustainable rate against plain autocannon and wrk flat out, on a static responder
 *    (nginx when installed) fast enough that the load generator is the limit; and the CPU each costs a request.
 */
import { execFile } from 'node:child_process';
import autocannon, { type Result } from 'autocannon';
import { Pool } from 'undici';
import type { LoadResult } from '../load/load-result.ts';
import { runLoad } from '../load/run-load.ts';
import { thresholds, type LoadScenario } from '../load/scenario.ts';
import { frozenFor, startStallingServer } from '../test/load/stalling-server.ts';
import { startStaticResponder } from './static-responder.ts';

const scenarioOf = (baseUrl: string, overrides: Partial<LoadScenario>): LoadScenario => ({
  name: 'bench',
  family: 'bench',
  baseUrl,
  requests: [{ label: 'get', method: 'GET', path: '/ok' }],
  connections: 4,
  durationSeconds: 20,
  maxRequests: 10_000_000,
  thresholds: thresholds('p99 < 500 ms'),
  ...overrides,
});

/** The p-th percentile of plain numbers (nearest rank). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export async function stallScenario(): Promise<void> {
  const rate = 100;
  const seconds = 20;
  const stalling = await startStallingServer({ periodMs: 5000, freezeMs: 1000 });
  try {
    const open = await runLoad(scenarioOf(stalling.baseUrl, { rate, durationSeconds: seconds }));
    // The true response times: from the same schedule, each request waits out the freeze its due time falls in.
    const start = Date.parse(open.startedAt);
    const truth = Array.from({ length: Math.floor(rate * seconds) }, (_, index) =>
      frozenFor(stalling.schedule, start + (index * 1000) / rate),
    );
    const trueP99 = percentile(truth, 99);
    const closed = await runLoad(scenarioOf(stalling.baseUrl, { rate, durationSeconds: seconds, bursts: true }));
    const closedTruth = percentile(
      Array.from({ length: Math.floor(rate * seconds) }, (_, index) =>
        frozenFor(stalling.schedule, Date.parse(closed.startedAt) + (index * 1000) / rate),
      ),
      99,
    );
    console.log(`stall scenario: a target freezing 1 s every 5 s, ${rate} req/s offered for ${seconds} s`);
    console.log(
      `  open model (harness load): p50 ${open.latencyMs.p50} ms, p90 ${open.latencyMs.p90} ms, p99 ${open.latencyMs.p99} ms (service time p99 ${open.serviceTimeMs.p99} ms); ${open.sent} sent for ${rate * seconds} offered, ${open.dropped} dropped`,
    );
    console.log(
      `  true p99 from the schedule: ${trueP99} ms; harness p99 / true p99 = ${(open.latencyMs.p99 / trueP99).toFixed(3)}`,
    );
    console.log(
      `  closed model (autocannon, the path before): p99 ${closed.latencyMs.p99} ms, ${closed.sent} sent for ${rate * seconds} offered; its p99 / true p99 = ${(closed.latencyMs.p99 / closedTruth).toFixed(3)}`,
    );
  } finally {
    await stalling.close();
  }
}

export async function steadyRate(): Promise<void> {
  const responder = await startStaticResponder();
  try {
    for (const rate of [100, 1000]) {
      const result = await runLoad(scenarioOf(new URL(responder.url).origin, { rate, durationSeconds: 5 }));
      console.log(
        `steady target (${responder.kind}), ${rate} req/s for 5 s: achieved / offered = ${(result.achievedRate / rate).toFixed(4)} (${result.sent} sent, ${result.dropped} dropped, response p99 ${result.latencyMs.p99} ms)`,
      );
    }
  } finally {
    responder.stop();
  }
}

const flatOutSeconds = 3;

async function autocannonFlatOut(url: string): Promise<{ rps: number; cpuPerRequest: number }> {
  const cpu = process.cpuUsage();
  const result = await new Promise<Result>((resolve, reject) =>
    autocannon({ url, connections: 16, duration: flatOutSeconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    ),
  );
  const used = process.cpuUsage(cpu);
  const total = result.statusCodeStats['200']?.count ?? 0;
  return { rps: total / Number(result.duration), cpuPerRequest: (used.user + used.system) / Math.max(1, total) };
}

function wrkFlatOut(url: string): Promise<number | undefined> {
  return new Promise((resolve) =>
    execFile('wrk', ['-t1', '-c16', `-d${flatOutSeconds}s`, url], (error, stdout) =>
      resolve(error ? undefined : Number(/Requests\/sec:\s*([\d.]+)/.exec(stdout)?.[1])),
    ),
  );
}

/** undici's dispatcher in a closed loop of 16: what one request costs the library the open model is built on. */
async function undiciFlatOut(url: string): Promise<{ rps: number; cpuPerRequest: number }> {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: 16 });
  let done = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let running = 16;
    const one = () => {
      if (performance.now() - started > flatOutSeconds * 1000) return void (--running === 0 && resolve());
      pool.dispatch(
        { method: 'GET', path: pathname },
        {
          onRequestStart() {},
          onResponseStart() {},
          onResponseData() {},
          onResponseEnd: () => {
            done += 1;
            one();
          },
          onResponseError: () => one(),
        },
      );
    };
    for (let index = 0; index < 16; index++) one();
  });
  const used = process.cpuUsage(cpu);
  await pool.close();
  return {
    rps: done / ((performance.now() - started) / 1000),
    cpuPerRequest: (used.user + used.system) / Math.max(1, done),
  };
}

/**
 * Sustained: every request offered was sent (none dropped), on schedule (achieved within 1% of offered) and answered
 * (no error). The response-time tail is printed, not judged: on a shared machine it mostly measures the other
 * processes.
 */
const sustained = (result: LoadResult, rate: number) =>
  result.dropped === 0 && result.errors === 0 && result.achievedRate >= 0.99 * rate;

/** One measure of the flat-out tools: requests per second, and CPU per request where this process pays it. */
interface FlatOut {
  autocannon: number;
  wrk?: number;
  undici: number;
  autocannonCpu: number;
  undiciCpu: number;
}

async function measureFlatOut(url: string): Promise<FlatOut> {
  const plain = await autocannonFlatOut(url);
  const wrk = await wrkFlatOut(url);
  const undici = await undiciFlatOut(url);
  return {
    autocannon: plain.rps,
    ...(wrk ? { wrk } : {}),
    undici: undici.rps,
    autocannonCpu: plain.cpuPerRequest,
    undiciCpu: undici.cpuPerRequest,
  };
}

/** The best sustained rate, the CPU per request at it, and what each rate tried gave. */
export interface Ceiling {
  rate: number;
  cpuPerRequest: number;
  tried: string[];
}

/**
 * Rates up until two in a row are not sustained; the best sustained one is the ceiling. `scenario` sets the request
 * (and a response rule) where the default GET is not the one measured.
 */
export async function climbRates(baseUrl: string, scenario: Partial<LoadScenario> = {}): Promise<Ceiling> {
  const ceiling: Ceiling = { rate: 0, cpuPerRequest: 0, tried: [] };
  let misses = 0;
  for (const rate of [2000, 4000, 6000, 8000, 10_000, 12_000, 15_000, 18_000, 22_000, 27_000, 33_000, 40_000]) {
    const { result, cpuMicros } = await offerRate(baseUrl, rate, scenario);
    const ok = sustained(result, rate);
    ceiling.tried.push(
      `${rate} (${ok ? 'sustained' : `not: ${result.dropped} dropped, achieved ${result.achievedRate.toFixed(0)}`}, p99 ${result.latencyMs.p99} ms, ${result.offered.connections} connections)`,
    );
    if (ok && rate > ceiling.rate) {
      ceiling.rate = rate;
      ceiling.cpuPerRequest = cpuMicros / Math.max(1, result.sent);
    }
    misses = ok ? 0 : misses + 1;
    if (misses === 2) break;
  }
  return ceiling;
}

/** A 3 s run at the rate, tried again before calling it unsustainable (the machine is shared); its CPU time. */
async function offerRate(
  baseUrl: string,
  rate: number,
  scenario: Partial<LoadScenario>,
): Promise<{ result: LoadResult; cpuMicros: number }> {
  let cpu = process.cpuUsage();
  let result = await runLoad(scenarioOf(baseUrl, { ...scenario, rate, durationSeconds: 3 }));
  if (!sustained(result, rate)) {
    cpu = process.cpuUsage();
    result = await runLoad(scenarioOf(baseUrl, { ...scenario, rate, durationSeconds: 3 }));
  }
  const used = process.cpuUsage(cpu);
  return { result, cpuMicros: used.user + used.system };
}

export async function openModelCeiling(): Promise<void> {
  const responder = await startStaticResponder();
  try {
    const before = await measureFlatOut(responder.url);
    const ceiling = await climbRates(new URL(responder.url).origin);
    const after = await measureFlatOut(responder.url);
    printCeiling(responder.kind, ceiling, [before, after]);
  } finally {
    responder.stop();
  }
}

function printCeiling(kind: string, ceiling: Ceiling, flatOut: readonly FlatOut[]): void {
  const best = (pick: (row: FlatOut) => number | undefined) =>
    Math.max(0, ...flatOut.map(pick).filter((value): value is number => value !== undefined));
  const plain = best((row) => row.autocannon);
  const wrk = best((row) => row.wrk);
  console.log(`open model ceiling on ${kind}, 3 s per rate, the machine shared (2 cores):`);
  console.log(`  rates tried: ${ceiling.tried.join(', ')}`);
  console.log(
    `  open model max sustainable rate: ${ceiling.rate} req/s (${ceiling.cpuPerRequest.toFixed(1)} us CPU per request at it)`,
  );
  console.log(
    `  plain autocannon flat out (16 connections): ${plain.toFixed(0)} req/s (${Math.min(...flatOut.map((row) => row.autocannonCpu)).toFixed(1)} us CPU per request)`,
  );
  console.log(`  wrk -t1 -c16 flat out: ${wrk ? `${wrk.toFixed(0)} req/s` : 'not installed (apt-get install wrk)'}`);
  console.log(
    `  undici dispatch, closed loop of 16: ${best((row) => row.undici).toFixed(0)} req/s (${Math.min(...flatOut.map((row) => row.undiciCpu)).toFixed(1)} us CPU per request)`,
  );
  console.log(
    `  open model / autocannon: ${(ceiling.rate / plain).toFixed(2)}${wrk ? `; open model / wrk: ${(ceiling.rate / wrk).toFixed(2)}` : ''}`,
  );
}
