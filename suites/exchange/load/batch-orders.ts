import type { ExchangeOrderAdapter } from '../../../rules/exchange/adapters/adapter.ts';
import { batchBody, batchOrdersPath } from '../../../rules/exchange/adapters/orders.ts';
import { exchangeChecks } from '../checks/index.ts';
import { rateLimitPairingBroken } from '../checks/rate-limit.ts';
import type { ExchangeClient } from '../client/exchange-client.ts';
import { preHash, signedPath, signingTimestamp } from '../client/signing.ts';
import { signature } from '../../../client/hmac.ts';
import { exchangeRules } from '../../../rules/exchange/rules.ts';
import { type LoadBreach, loadJudge } from '../../../load/rule-judgement.ts';
import type { ExchangeSection } from '../entry/section.ts';
import { observedExchange } from '../../../load/observed-exchange.ts';
import type { RateLimitedOperation } from '../../../load/rate-limit-probe.ts';
import type { LoadRequest, ObservedResponse } from '../../../load/scenario.ts';

/** The envelope rules judged on every response under load, 429s included, each by its own registered check. */
const envelopeRules = [
  'exchange.envelope.code-string',
  'exchange.envelope.msg',
  'exchange.envelope.data',
  'exchange.codes.range',
] as const;
const judge = loadJudge(exchangeRules, exchangeChecks);

/**
 * The exchange-style batch order as a rate-limited operation (document 3, part B: code 50011 with HTTP
 * 429). Every request is signed afresh (timestamp and signature); every response's envelope is checked, and
 * a limited answer must be both HTTP 429 and code 50011.
 */
export function exchangeRateLimitOperation(client: ExchangeClient, section: ExchangeSection): RateLimitedOperation {
  const request = signedBatchRequest(section, 'harnessload1', client.orders);
  return {
    name: 'exchange-rate-limit',
    family: 'exchange',
    baseUrl: section.baseUrl,
    requests: [request],
    checkResponse: (response) => envelopeBreach(section, request, response),
    sendOne: () =>
      client.batch(
        [{ instrument: section.instrument, side: 'buy', size: '0.001', price: '1', clOrdId: 'harnessload2' }],
        { noRetry: true },
      ),
  };
}

/**
 * A one-order batch for the load generator, written by the entry's order adapter (loaded), signed afresh for every
 * request it sends (timestamp and signature).
 */
export function signedBatchRequest(
  section: ExchangeSection,
  clOrdId: string,
  orders: ExchangeOrderAdapter,
): LoadRequest {
  const { signing, credentials } = section;
  return {
    label: 'batch order',
    method: 'POST',
    path: batchOrdersPath,
    headers: {
      'content-type': 'application/json',
      [signing.keyHeader]: credentials.apiKey,
      ...(credentials.passphrase ? { [signing.passphraseHeader]: credentials.passphrase } : {}),
    },
    body: JSON.stringify(
      batchBody(
        [{ instrument: section.instrument, side: 'buy', size: '0.001', price: '1', clOrdId }],
        orders,
        section.orderTemplate,
      ),
    ),
    freshHeaders: ({ method, path, body }) => {
      const timestamp = signingTimestamp(Date.now());
      return {
        [signing.timestampHeader]: timestamp,
        [signing.signHeader]: signature(
          credentials.secretKey,
          preHash(timestamp, method, signedPath(path, section.baseUrl, signing.pathFrom), body),
        ),
      };
    },
  };
}

/**
 * The first envelope rule a response breaks (each under its own rule id), or a limited answer that is not both HTTP 429
 * and 50011.
 */
export function envelopeBreach(
  section: ExchangeSection,
  request: LoadRequest,
  response: ObservedResponse,
): LoadBreach | undefined {
  const exchange = observedExchange(section.baseUrl, request, response);
  // The code ranges are descriptive in the document: judged only where the entry pins them.
  for (const ruleId of envelopeRules) {
    const breach =
      ruleId !== 'exchange.codes.range' || section.expectations.codeRanges ? judge.breach(ruleId, exchange) : undefined;
    if (breach) return breach;
  }
  const pairing = rateLimitPairingBroken(exchange);
  return pairing ? { ruleId: 'exchange.limits.rate-limit', message: pairing } : undefined;
}
