import type { Exchange } from '../../../client/http-exchange.ts';
import { refusedAs4xx } from '../../../checks/refused-as-4xx.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

/**
 * The answer to a valid payload encrypted to another key, sent because a JWE with an altered encrypted key
 * was accepted. An altered encrypted key leaves a JWE the partner's key cannot open, like one encrypted to
 * another key: when that is accepted too, the fault is what `agentic.jwe.other-key` judges, and the asking
 * rule is blocked by it; when it is refused, the asking rule's own case was accepted, and it judges that.
 */
export function otherKeyRefused(exchange: Exchange): void {
  if (refusedAs4xx(exchange)) return;
  throw new PrerequisiteMissing(
    ['agentic.jwe.other-key'],
    `a JWE encrypted to another key was answered ${exchange.response?.status ?? exchange.error?.code ?? 'with no response'} as well`,
    [exchange],
  );
}
