import type { Verdict } from '../engine/rule-violation.ts';
import type { ProbeOutcome } from './load-probe.ts';
import type { RateLimitProbeResult } from './rate-limit-probe.ts';
import type { RuleId } from '../rules/rule-id.ts';

/**
 * A rate-limit probe's result as the outcome `harness load` reports: judged by the rule's check, the finding
 * as plain data (exchanges left out: the verdict or the violation carries them as evidence), the steps' load.
 */
export function rateLimitOutcome(
  ruleId: RuleId,
  finding: RateLimitProbeResult,
  judge: (finding: RateLimitProbeResult) => Verdict,
): ProbeOutcome {
  const { limitedExchange: _limited, recovery, violationExchanges: _evidence, load, ...rest } = finding;
  const details = {
    ...rest,
    ...(recovery
      ? {
          recovery: {
            waitedSeconds: recovery.waitedSeconds,
            status: recovery.exchange.response?.status ?? recovery.exchange.error?.code,
          },
        }
      : {}),
  };
  return { ruleIds: [ruleId], judge: () => judge(finding), details, ...(load ? { load } : {}) };
}
