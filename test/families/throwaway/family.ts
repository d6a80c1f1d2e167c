import { fileURLToPath } from 'node:url';
import { passed, Violation } from '../../../engine/rule-violation.ts';
import { responseOf } from '../../../checks/response-required.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { HttpClient } from '../../../client/http-client.ts';
import { preflightReport } from '../../../client/preflight.ts';
import type { MutantInfo } from '../../../reference/family-reference.ts';
import { defineFamily } from '../../../families/family.ts';
import { defineRules } from '../../../rules/rule.ts';
import { throwawayNightly } from './nightly.ts';
import { throwawaySection as section, type ThrowawaySection as Section } from './section.ts';

/*
 * A throwaway interface family, defined entirely in this folder: one rule, one check, one reference route,
 * one mutant, a nightly load profile. The plug-in self-test registers it through HARNESS_FAMILIES without
 * editing a shared file.
 */

/** GET /ping answers 200 with {"pong": true}. */
export function pingAnswers(exchange: Exchange) {
  const { status } = responseOf(exchange);
  if (status !== 200) throw new Violation(`GET /ping answered ${status}, not 200`, [exchange]);
  return passed({ status });
}

export const checks = { 'ping-answers': pingAnswers } as const;

export const throwawayRules = defineRules<Section>()([
  {
    id: 'throwaway.ping.status',
    family: 'throwaway',
    source: { document: 'Throwaway plug-in family (self-test)', section: 'Ping' },
    statement: 'GET /ping answers 200.',
    check: 'ping-answers',
  },
]);

// A plug-in family adds its rule ids to the union the compiler checks (rules/rule-id.ts).
declare module '../../../rules/rule-id.ts' {
  interface RuleIdsOfFamilies {
    throwaway: (typeof throwawayRules)[number]['id'];
  }
}

const mutants: MutantInfo[] = [
  {
    name: 'throwaway-ping-500',
    family: 'throwaway',
    breaks: 'throwaway.ping.status',
    mode: 'default',
    description: 'GET /ping answers 500.',
  },
];

export default defineFamily({
  name: 'throwaway',
  title: 'Throwaway plug-in family (self-test)',
  rules: throwawayRules,
  checks: async () => checks,
  section,
  suitesDir: fileURLToPath(new URL('./suites', import.meta.url)),
  openSession: async ({ section: own, client }) => {
    const http = new HttpClient({ timeoutMs: client.timeoutMs });
    return {
      preflight: async () => {
        const exchange = await http.send({ method: 'GET', url: `${own.baseUrl}/ping` });
        return preflightReport('throwaway', own.baseUrl, exchange, exchange.response !== undefined);
      },
      serve: {},
      close: () => http.close(),
    };
  },
  reference: {
    prefix: '/throwaway',
    modes: ['default'],
    mutants,
    ensureCredentials: () => {},
    create: async ({ mutant }) => ({
      handle: async (_req, res, path) => {
        const status = path !== '/ping' ? 404 : mutant === 'throwaway-ping-500' ? 500 : 200;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ pong: status === 200 }));
      },
    }),
    targetSection: (baseUrl) => ({ baseUrl }),
  },
  load: async () => ({ nightly: throwawayNightly }),
});
