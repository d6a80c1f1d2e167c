import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keptBodyBytes } from '../../load/load-engine.ts';
import { runLoad } from '../../load/run-load.ts';
import { thresholds, type LoadScenario, type ObservedResponse } from '../../load/scenario.ts';

/** Answers every request with a body three times the kept size: a JSON start, then padding. */
const bodyStart = '{"error":"flood","padding":"';
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  const padding = Buffer.alloc(3 * keptBodyBytes, 'x');
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(429, { 'content-type': 'application/json' }).end(Buffer.concat([Buffer.from(bodyStart), padding])),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A scenario whose response rule sees every answer; returns the bodies' lengths and starts it saw. */
function floodScenario(bursts: boolean): { scenario: LoadScenario; seen: { length: number; start: string }[] } {
  const seen: { length: number; start: string }[] = [];
  const checkResponse = (response: ObservedResponse) => {
    seen.push({ length: response.body.length, start: response.body.slice(0, bodyStart.length) });
    return undefined;
  };
  return {
    seen,
    scenario: {
      name: 'flood',
      family: 'test',
      baseUrl,
      requests: [{ label: 'flood', method: 'GET', path: '/' }],
      rate: 10,
      bursts,
      connections: 4,
      durationSeconds: 1,
      maxRequests: 8,
      thresholds: thresholds('rate(5xx) == 0'),
      checkResponse,
    },
  };
}

describe('a load run keeps at most keptBodyBytes of each answer, whatever the target sends', () => {
  test.each([
    ['bursts (the closed model)', true],
    ['the open model (undici)', false],
  ])('%s: every answer is judged on its first keptBodyBytes, the rest read and dropped', async (_engine, bursts) => {
    const { scenario, seen } = floodScenario(bursts);
    const result = await runLoad(scenario);
    expect(result.statuses['429']).toBeGreaterThan(0);
    expect(seen.length).toBe(result.statuses['429']);
    for (const body of seen) {
      expect(body.length).toBe(keptBodyBytes);
      expect(body.start).toBe(bodyStart);
    }
  });
});
