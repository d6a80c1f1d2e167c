import type { Exchange } from '../client/http-exchange.ts';
import { parsedWith, responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/**
 * Requests that carried the same Idempotency-Key performed the operation once: every one succeeded and
 * every one names the same resource; `createdFirst`, when given, is the resource the key's first use created
 * (earlier in the run: a late retry names it too).
 */
export function idempotentReplay(
  exchanges: readonly Exchange[],
  resourceIdOf: (body: unknown) => string,
  createdFirst?: string,
): Verdict {
  const ids = exchanges.map((exchange) => {
    const { status } = responseOf(exchange);
    if (status < 200 || status > 299) {
      throw new Violation(`A retry with the same Idempotency-Key answered ${status}`, [exchange]);
    }
    return parsedWith(exchange, resourceIdOf);
  });
  const late = createdFirst === undefined ? -1 : ids.findIndex((resource) => resource !== createdFirst);
  if (late !== -1) {
    throw new Violation(
      `A retry late in the run with an Idempotency-Key used earlier named ${ids[late]}; the key's first use created ${createdFirst}`,
      [exchanges[late] as Exchange],
    );
  }
  const distinct = [...new Set(ids)];
  if (distinct.length > 1) {
    const twins = exchanges.filter((_, index) => ids[index] !== ids[0]).slice(0, 1);
    throw new Violation(
      `${exchanges.length} requests with one Idempotency-Key created ${distinct.length} resources (${distinct.slice(0, 4).join(', ')})`,
      [exchanges[0] as Exchange, ...twins],
    );
  }
  return passed({ requests: exchanges.length });
}
