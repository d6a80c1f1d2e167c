import { exchangeRateLimited } from '../../checks/exchange/rate-limit.ts';
import type { Exchange } from '../../client/exchange.ts';
import { ordersOf } from '../../generators/exchange/batch.ts';
import { exchangeRuleIds as id } from '../../rules/exchange/rules.ts';
import { ruleTest, useExchangeSession } from './support/exchange-session.ts';

/*
 * The only place the harness bursts the exchange interface. An `.alone.suite.ts` file runs after every other
 * suite file of the run, by itself, so the burst never overlaps other rules' requests.
 */

const session = useExchangeSession();

/** A bounded burst (count, time and concurrency from the section) that stops at the first limited answer, then waits a second. */
ruleTest(
  id.rateLimit,
  async () => {
    const s = session();
    const { maxRequests, maxSeconds, concurrency, limitAtMost } = s.section.rateLimitProbe;
    const deadline = Date.now() + maxSeconds * 1000;
    const exchanges: Exchange[] = [];
    let limited = false;
    let next = 0;
    const worker = async () => {
      while (!limited && next < maxRequests && Date.now() < deadline) {
        const orders = ordersOf({ kinds: ['valid'], seeds: [next] }, s.section.instrument, `r${s.nonce}n${next++}o`);
        const exchange = await s.client.batch(orders.map((expected) => expected.order), { noRetry: true });
        exchanges.push(exchange);
        if (exchange.response?.status === 429 || exchange.response?.text().includes('"50011"')) limited = true;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (limited) await new Promise((resolve) => setTimeout(resolve, 1000));
    return exchangeRateLimited(exchanges, id.rateLimit, { limitAtMost });
  },
  { timeoutMs: 120_000 },
);
