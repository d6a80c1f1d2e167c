import { rateLimitObserved } from '../../checks/rate-limit-observed.ts';
import type { Exchange } from '../../client/exchange.ts';
import { retryAfterMs } from '../../client/token-endpoint-pacer.ts';
import { billingRuleIds as id } from '../../rules/billing/ids.ts';
import { ruleTest, useBillingSession } from './support/billing-session.ts';

/*
 * The only place the harness bursts the token endpoint. An `.alone.suite.ts` file runs after every other
 * suite file of the run has finished, by itself, so the burst never overlaps other rules' token requests.
 */

const session = useBillingSession();

/** A bounded probe (count, time and concurrency from the target entry) that stops at the first 429, then lets the limit recover. */
ruleTest(
  id.tokenRateLimit,
  async () => {
    const s = session();
    const { maxRequests, maxSeconds, concurrency } = s.section.expectations.tokenRateLimitProbe;
    const deadline = Date.now() + maxSeconds * 1000;
    const exchanges: Exchange[] = [];
    let limited = false;
    const worker = async () => {
      while (!limited && exchanges.length < maxRequests && Date.now() < deadline) {
        const exchange = await s.client.sendTokenRequestNow(s.client.validTokenRequest());
        exchanges.push(exchange);
        if (exchange.response?.status === 429) limited = true;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const firstLimited = exchanges.find((exchange) => exchange.response?.status === 429);
    if (firstLimited) s.client.pauseTokenRequests(retryAfterMs(firstLimited, 1000));
    return rateLimitObserved(exchanges, id.tokenRateLimit, { limitAtMost: s.section.expectations.tokenRateLimit?.limitAtMost });
  },
  { timeoutMs: 120_000 },
);
