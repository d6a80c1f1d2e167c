import type { Exchange } from '../../client/exchange.ts';
import { prerequisiteMissing } from '../rule-blocked.ts';

/** Whether an answer refuses its request (a 4xx), as the JWE rules require of what the partner cannot open. */
export const refusedAs4xx = (exchange: Exchange): boolean => {
  const status = exchange.response?.status;
  return status !== undefined && status >= 400 && status <= 499;
};

/**
 * The answer to a valid payload encrypted to another key, sent because a JWE with an altered encrypted key
 * was accepted. An altered encrypted key leaves a JWE the partner's key cannot open, like one encrypted to
 * another key: when that is accepted too, the fault is what `agentic.jwe.other-key` judges, and the asking
 * rule is blocked by it; when it is refused, the asking rule's own case was accepted, and it judges that.
 */
export function otherKeyRefused(exchange: Exchange, askingRule: string): void {
  if (refusedAs4xx(exchange)) return;
  throw prerequisiteMissing(askingRule, ['agentic.jwe.other-key'], `a JWE encrypted to another key was answered ${exchange.response?.status ?? exchange.error?.code ?? 'with no response'} as well`, [exchange]);
}
