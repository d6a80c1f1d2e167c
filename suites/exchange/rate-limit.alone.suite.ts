import { probeRateLimit } from '../../load/rate-limit-probe.ts';
import { exchangeRateLimitOperation } from '../../load/exchange/batch-orders.ts';
import { exchangeRuleIds as id } from '../../rules/exchange/rules.ts';
import { probeAgainAloneIf } from '../support/probe-again-alone.ts';
import { ruleTest, useExchangeSession } from './support/exchange-session.ts';

/*
 * The only place the harness loads the exchange interface: the exchange-rate-limit scenario (`harness load
 * exchange-rate-limit` runs the same). An `.alone.suite.ts` file runs after every other exchange suite file, so
 * the load never overlaps other exchange rules' requests; beside other families only where their traffic cannot
 * count against the limit (cli/suite-schedule.ts).
 */

const session = useExchangeSession();

/**
 * Steps the offered rate until limited answers appear (bounded by the section's probe settings); narrows only when a
 * limit is pinned.
 */
ruleTest(
  id.rateLimit,
  async ({ observe, check }) => {
    const s = session();
    const { limit, limitAtMost, ...bounds } = s.section.rateLimitProbe;
    const finding = await probeAgainAloneIf(
      () => probeRateLimit(exchangeRateLimitOperation(s.client, s.section), bounds, { narrow: limit !== undefined }),
      (found) => !found.limited,
      observe,
    );
    return check(finding, { limit, limitAtMost });
  },
  // Two probes at most, and the wait for the run's other files between them when the first met no 429.
  { timeoutMs: 300_000 },
);
