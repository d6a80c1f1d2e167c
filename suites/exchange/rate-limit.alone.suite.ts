import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import { probeRateLimit } from '../../load/rate-limit-probe.ts';
import { blockedBySilence, probeHeardAnything } from '../../engine/silent-target.ts';
import { exchangeRateLimitOperation } from './load/batch-orders.ts';
import { probeAgainAloneIf } from '../support/probe-again-alone.ts';
import { ruleTest, useExchangeSession } from './support/exchange-session.ts';

/*
 * The only place the harness loads the exchange interface: the exchange-rate-limit scenario (`harness load
 * exchange-rate-limit` runs the same). An `.alone.suite.ts` file runs after every other exchange suite file, so
 * the load never overlaps other exchange rules' requests; beside other families only where their traffic cannot
 * count against the limit (run/suite-schedule.ts).
 */

const session = useExchangeSession();

/**
 * Steps the offered rate until limited answers appear (bounded by the section's probe settings); narrows only when a
 * limit is pinned.
 */
ruleTest(
  'exchange.limits.rate-limit',
  async ({ observe, check }) => {
    const s = session();
    // The probe's load goes around the client's circuit breaker: it honours a breaker another rule opened.
    const silenced = await blockedBySilence(s.run, 'exchange', 'the probe was not started');
    if (silenced) throw silenced;
    const { limit, limitAtMost, ...bounds } = s.section.rateLimitProbe;
    const finding = await probeAgainAloneIf(
      () => probeRateLimit(exchangeRateLimitOperation(s.client, s.section), bounds, { narrow: limit !== undefined }),
      (found) => !found.limited,
      observe,
    );
    if (!probeHeardAnything(finding))
      throw new PrerequisiteMissing(
        ['exchange.envelope.success-code'],
        `the probe's ${finding.requests} request(s) got no answer at all`,
      );
    return check(finding, { limit, limitAtMost });
  },
  // Two probes at most, and the wait for the run's other files between them when the first met no 429.
  { timeoutMs: 300_000 },
);
