import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/**
 * A reuse (of a nonce, of an order id) can only be judged after the first use was accepted; a first use
 * refused is the fault of the rules that judge it (`judgedBy`), and the asking rule is blocked by them.
 */
export function firstUseAccepted(exchange: Exchange, judgedBy: readonly RuleId[], what: string): void {
  const status = exchange.response?.status;
  if (status === loyaltyStatuses.accepted) return;
  throw new PrerequisiteMissing(
    judgedBy,
    `the first use of ${what} answered ${status ?? exchange.error?.code ?? 'nothing'}, not ${loyaltyStatuses.accepted}`,
    [exchange],
  );
}
