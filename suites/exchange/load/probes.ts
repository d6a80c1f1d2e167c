import { exchangeChecks } from '../checks/index.ts';
import { exchangeClientFor } from '../client/session.ts';
import { exchangeRules } from '../../../rules/exchange/rules.ts';
import { loadJudge } from '../../../load/rule-judgement.ts';
import type { ExchangeSection } from '../entry/section.ts';
import { closing, probeRunOptions, type LoadProbe } from '../../../load/load-probe.ts';
import { probeRateLimit } from '../../../load/rate-limit-probe.ts';
import { rateLimitOutcome } from '../../../load/rate-limit-outcome.ts';
import { exchangeRateLimitOperation } from './batch-orders.ts';

/** The exchange probe of `harness load`: the rate limit of batch orders (HTTP 429 with code 50011). */
export const exchangeProbes: readonly LoadProbe<ExchangeSection>[] = [
  {
    name: 'exchange-rate-limit',
    description: 'discovers the exchange rate limit (HTTP 429 with code 50011), the envelope checked on every answer',
    async run(context) {
      const { section } = context;
      const client = await exchangeClientFor(section, context.client, context.redactor);
      const { limit, limitAtMost, ...bounds } = section.rateLimitProbe;
      const finding = await closing(client, () =>
        probeRateLimit(exchangeRateLimitOperation(client, section), bounds, probeRunOptions(context)),
      );
      return rateLimitOutcome('exchange.limits.rate-limit', finding, (found) =>
        loadJudge(exchangeRules, exchangeChecks).checkOf('exchange.limits.rate-limit')(found, { limit, limitAtMost }),
      );
    },
  },
];
