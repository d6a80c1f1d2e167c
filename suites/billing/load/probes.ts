import type { GzipThresholdExpectation } from '../../../checks/gzip-threshold.ts';
import { gzipThresholdProbed } from '../../../checks/gzip-threshold-probed.ts';
import { billingChecks } from '../checks/index.ts';
import { billingRules } from '../../../rules/billing/rules.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import { gzipThresholdBytes } from '../../../rules/billing/operations.ts';
import type { BillingSection } from '../entry/section.ts';
import { probeGzipThreshold } from '../../../load/gzip-threshold-probe.ts';
import { closing, probeRunOptions, type LoadProbe } from '../../../load/load-probe.ts';
import { probeRateLimit } from '../../../load/rate-limit-probe.ts';
import { rateLimitOutcome } from '../../../load/rate-limit-outcome.ts';
import { billingClientFor } from './billing-client.ts';
import { chargeSizedResponses } from './charge-sized-responses.ts';
import { tokenRateLimitOperation } from './token-rate-limit-operation.ts';

/**
 * The billing probes of `harness load`: the token operation's rate limit, and the compression threshold of the charge
 * responses.
 */
export const billingProbes: readonly LoadProbe<BillingSection>[] = [
  {
    name: 'token-rate-limit',
    description: 'discovers the per-IP limit of the billing token operation and checks 429s on every path and recovery',
    async run(context) {
      const { section } = context;
      const client = await billingClientFor(section, context.client, context.redactor);
      const finding = await closing(client, () =>
        probeRateLimit(
          tokenRateLimitOperation(client, section.baseUrl),
          section.expectations.tokenRateLimitProbe,
          probeRunOptions(context),
        ),
      );
      const pin = section.expectations.tokenRateLimit ?? {};
      const judge = loadJudge(billingRules, billingChecks);
      return rateLimitOutcome('billing.token.rate_limit', finding, (found) =>
        judge.checkOf('billing.token.rate_limit')(found, pin),
      );
    },
  },
  {
    name: 'gzip-threshold',
    description: 'finds the response size where compression starts (must be over 1000 bytes) and holds it under load',
    async run(context) {
      const { section } = context;
      const client = await billingClientFor(section, context.client, context.redactor);
      const expected: GzipThresholdExpectation = {
        thresholdBytes: gzipThresholdBytes,
        over: 'billing.compression.response_over_threshold',
        under: 'billing.compression.response_under_threshold',
      };
      const finding = await closing(client, async () =>
        probeGzipThreshold(
          await chargeSizedResponses(client, section.baseUrl),
          { expectedBytes: gzipThresholdBytes, rules: expected, ...section.expectations.gzipThresholdProbe },
          probeRunOptions(context),
        ),
      );
      const {
        readings,
        violationExchanges: _evidence,
        underLoad,
        compressedUnderLoad,
        plainUnderLoad,
        ...rest
      } = finding;
      return {
        ruleIds: [expected.over, expected.under],
        judge: () => gzipThresholdProbed(finding, expected),
        details: {
          ...rest,
          readings: readings.map(({ asked, size, compressed }) => ({ asked, size, compressed })),
          ...(compressedUnderLoad && plainUnderLoad ? { compressedUnderLoad, plainUnderLoad } : {}),
        },
        ...(underLoad ? { load: underLoad } : {}),
      };
    },
  },
];
