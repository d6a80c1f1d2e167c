import { rateLimitObserved } from '../../checks/rate-limit-observed.ts';
import { tokenReusable } from '../../checks/token-reusable.ts';
import type { Exchange } from '../../client/exchange.ts';
import { retryAfterMs } from '../../client/token-endpoint-pacer.ts';
import { billingRuleIds as id } from '../../rules/billing/ids.ts';
import { billingOperations as op } from '../../rules/billing/operations.ts';
import { useBillingSession } from '../support/billing-session.ts';
import { ruleTest } from '../support/rule-test.ts';

const session = useBillingSession();

/** Uses of one token, spread over sequential and concurrent requests. */
const reuseCount = 12;

ruleTest(id.tokenReusable, async () => {
  const s = session();
  const adapter = s.client.adapter;
  const body = adapter.createChargeBody({ name: `harness-reuse-${s.nonce}`, defaultPricing: { currency: 'USD', amount: 1 }, rateCards: [] });
  const exchanges: Exchange[] = [];
  for (let use = 0; use < reuseCount / 2; use++) exchanges.push(await s.client.send(op.createCharge, { json: body }));
  exchanges.push(...(await Promise.all(Array.from({ length: reuseCount / 2 }, () => s.client.send(op.createCharge, { json: body })))));
  const verdict = tokenReusable(exchanges, id.tokenReusable);
  return { ...verdict, observations: { ...verdict.observations, tokensIssued: s.client.tokensIssued } };
});

/**
 * The only place the harness bursts the token endpoint: a bounded probe (count, time and concurrency
 * from the target entry) that stops at the first 429, then lets the limit recover.
 */
ruleTest(
  id.tokenRateLimit,
  async () => {
    const s = session();
    const { maxRequests, maxSeconds, concurrency } = s.run.target.expectations.tokenRateLimitProbe;
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
    return rateLimitObserved(exchanges, id.tokenRateLimit, s.run.target.expectations.tokenRateLimit?.limitAtMost);
  },
  { timeoutMs: 120_000 },
);
