import { exchangeRateLimited } from '../checks/exchange/rate-limit.ts';
import { gzipThresholdProbed } from '../checks/gzip-threshold-probed.ts';
import { rateLimitProbed } from '../checks/rate-limit-probed.ts';
import type { Verdict } from '../checks/rule-violation.ts';
import { exchangeClientFor } from '../client/exchange/session.ts';
import type { Redactor } from '../targets/redaction.ts';
import { billingRuleIds } from '../rules/billing/ids.ts';
import { gzipThresholdBytes } from '../rules/billing/operations.ts';
import { exchangeRuleIds } from '../rules/exchange/rules.ts';
import type { BillingSection } from '../targets/billing/section.ts';
import type { ExchangeSection } from '../targets/exchange/section.ts';
import { HarnessError } from '../targets/harness-error.ts';
import type { ClientSettings } from '../targets/schema.ts';
import { probeGzipThreshold } from './gzip-threshold-probe.ts';
import type { LoadResult } from './load-result.ts';
import { probeRateLimit, type RateLimitFinding } from './rate-limit-probe.ts';
import type { LoadProgress } from './load-result.ts';
import { billingClientFor } from './scenarios/billing-client.ts';
import { exchangeRateLimitOperation } from './scenarios/exchange-rate-limit.ts';
import { chargeSizedResponses } from './scenarios/gzip-threshold.ts';
import { tokenRateLimitOperation } from './scenarios/token-rate-limit.ts';

/** What a probe gets: its family's section of the target entry, the shared client settings, the run's redactor. */
export interface ProbeContext {
  targetName: string;
  section: unknown;
  client: ClientSettings;
  redactor: Redactor;
  onProgress?: (progress: LoadProgress) => void;
  signal?: AbortSignal;
}

/** What a probe found, judged by its rule's check: the verdict, or the check's violation. */
export interface ProbeOutcome {
  ruleId: string;
  /** Runs the rule's check on the finding: a verdict, or it throws the RuleViolation with the evidence. */
  judge(): Verdict;
  /** Plain data for the result file (steps, limits, thresholds found). */
  details: Record<string, unknown>;
  /** Every step's load, merged. */
  load?: LoadResult;
}

export interface LoadProbe {
  name: string;
  family: string;
  description: string;
  run(context: ProbeContext): Promise<ProbeOutcome>;
}

/** A finding as plain data: exchanges left out (the verdict or violation carries them as evidence). */
function findingDetails({ limitedExchange: _limited, recovery, violationExchanges: _evidence, load: _load, ...rest }: RateLimitFinding): Record<string, unknown> {
  return { ...rest, ...(recovery ? { recovery: { waitedSeconds: recovery.waitedSeconds, status: recovery.exchange.response?.status ?? recovery.exchange.error?.code } } : {}) };
}

async function closing<T>(client: { close(): Promise<void> }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await client.close();
  }
}

const probeOptions = (context: ProbeContext, narrow: boolean) => ({
  narrow,
  redactor: context.redactor,
  target: context.targetName,
  ...(context.onProgress ? { onProgress: context.onProgress } : {}),
  ...(context.signal ? { signal: context.signal } : {}),
});

/** The probes `harness load` runs, by name; a new rate-limited operation adds one entry and its scenario data. */
export const loadProbes: readonly LoadProbe[] = [
  {
    name: 'token-rate-limit',
    family: 'billing',
    description: 'discovers the per-IP limit of the billing token operation and checks 429s on every path and recovery',
    async run(context) {
      const section = context.section as BillingSection;
      const client = billingClientFor(section, context.client, context.redactor);
      const pin = section.expectations.tokenRateLimit ?? {};
      // From the command line the limit is always narrowed down: that is what the probe is run for.
      const finding = await closing(client, () => probeRateLimit(tokenRateLimitOperation(client, section.baseUrl), section.expectations.tokenRateLimitProbe, probeOptions(context, true)));
      return { ruleId: billingRuleIds.tokenRateLimit, judge: () => rateLimitProbed(finding, billingRuleIds.tokenRateLimit, pin), details: findingDetails(finding), ...(finding.load ? { load: finding.load } : {}) };
    },
  },
  {
    name: 'exchange-rate-limit',
    family: 'exchange',
    description: 'discovers the exchange rate limit (HTTP 429 with code 50011), the envelope checked on every answer',
    async run(context) {
      const section = context.section as ExchangeSection;
      const client = exchangeClientFor(section, context.client, context.redactor);
      const { limit, limitAtMost, ...bounds } = section.rateLimitProbe;
      const finding = await closing(client, () => probeRateLimit(exchangeRateLimitOperation(client, section), bounds, probeOptions(context, true)));
      return { ruleId: exchangeRuleIds.rateLimit, judge: () => exchangeRateLimited(finding, exchangeRuleIds.rateLimit, { limit, limitAtMost }), details: findingDetails(finding), ...(finding.load ? { load: finding.load } : {}) };
    },
  },
  {
    name: 'gzip-threshold',
    family: 'billing',
    description: 'finds the response size where compression starts (must be over 1000 bytes) and holds it under load',
    async run(context) {
      const section = context.section as BillingSection;
      const client = billingClientFor(section, context.client, context.redactor);
      const expected = { thresholdBytes: gzipThresholdBytes, over: billingRuleIds.gzipOverThreshold, under: billingRuleIds.gzipUnderThreshold };
      const finding = await closing(client, async () =>
        probeGzipThreshold(await chargeSizedResponses(client, section.baseUrl), { expectedBytes: gzipThresholdBytes, ...section.expectations.gzipThresholdProbe }, probeOptions(context, true)),
      );
      const { readings, violationExchanges: _evidence, underLoad, compressedUnderLoad, plainUnderLoad, ...rest } = finding;
      return {
        ruleId: `${expected.over}, ${expected.under}`,
        judge: () => gzipThresholdProbed(finding, expected.over, expected),
        details: { ...rest, readings: readings.map(({ asked, size, compressed }) => ({ asked, size, compressed })), ...(compressedUnderLoad && plainUnderLoad ? { compressedUnderLoad, plainUnderLoad } : {}) },
        ...(underLoad ? { load: underLoad } : {}),
      };
    },
  },
];


export function loadProbeNamed(name: string): LoadProbe {
  const probe = loadProbes.find((candidate) => candidate.name === name);
  if (!probe) throw new HarnessError('USAGE', `No load scenario "${name}"`, `use one of: ${[...loadProbes.map((candidate) => candidate.name), 'nightly', 'merge'].join(', ')}`);
  return probe;
}
