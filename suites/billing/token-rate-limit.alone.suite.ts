import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { probeRateLimit } from '../../load/rate-limit-probe.ts';
import { tokenRateLimitOperation } from './load/token-rate-limit-operation.ts';
import { probeAgainAloneIf } from '../support/probe-again-alone.ts';
import { blockedBySilence, probeHeardAnything } from '../../engine/silent-target.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';

/*
 * The only place the harness loads the token endpoint: the token-rate-limit scenario (`harness load
 * token-rate-limit` runs the same). An `.alone.suite.ts` file runs after every other billing suite file, so the
 * load never overlaps other rules' token requests; beside other families only where their traffic cannot count
 * against the limit (run/suite-schedule.ts).
 */

const session = useBillingSession();

/**
 * Steps the offered rate until 429s appear (bounded by the section's probe settings); narrows only when a limit is
 * pinned.
 */
ruleTest(
  'billing.token.rate_limit',
  async ({ observe, check }) => {
    const s = session();
    // The probe's load goes around the client's circuit breaker: it honours a breaker another rule opened.
    const silenced = await blockedBySilence(s.run, 'billing', 'the probe was not started');
    if (silenced) throw silenced;
    const pin = s.section.expectations.tokenRateLimit ?? {};
    const finding = await probeAgainAloneIf(
      () =>
        probeRateLimit(
          tokenRateLimitOperation(s.client, s.section.baseUrl),
          s.section.expectations.tokenRateLimitProbe,
          { narrow: pin.limit !== undefined },
        ),
      (found) => !found.limited,
      observe,
    );
    if (!probeHeardAnything(finding))
      throw new PrerequisiteMissing(
        ['billing.token.issue'],
        `the probe's ${finding.requests} request(s) got no answer at all`,
      );
    // The run's other token requests (none should follow) wait as long as the probe's last 429 asked.
    if (finding.recovery?.exchange.response?.status === 429)
      s.client.pauseTokenRequests(finding.recovery.waitedSeconds * 1000);
    observe(
      'requests offered per second, step by step',
      finding.steps.map((step) => `${step.rate}${step.limited ? ' (429)' : ''}`).join(', '),
    );
    return check(finding, pin);
  },
  // Two probes at most, and the wait for the run's other files between them when the first met no 429.
  { timeoutMs: 300_000 },
);
