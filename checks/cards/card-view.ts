import type { Exchange } from '../../client/exchange.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { RuleViolation } from '../rule-violation.ts';

/*
 * What GET card shows of a card, read by the assignment and unenrolment checks and by the suites that pick
 * fixture cards.
 */

/** What GET card shows of a card: its card user and wallet preference (absent ones undefined). */
export function assignmentOf(exchange: Exchange, ruleId: string): { cardUserId: unknown; digitalWalletProvisionable: unknown } {
  const { status } = responseOf(exchange, ruleId);
  if (status !== 200) throw new RuleViolation(ruleId, `GET card answered ${status}, not 200`, [exchange]);
  const body = jsonOf(exchange, ruleId) as { cardUserId?: unknown; cardDetails?: { digitalWalletProvisionable?: unknown } } | null;
  return { cardUserId: body?.cardUserId ?? undefined, digitalWalletProvisionable: body?.cardDetails?.digitalWalletProvisionable ?? undefined };
}

/** The status GET card shows of a card, wherever the record carries it (IN_PROGRESS cards at top level). */
export function cardStatusOf(exchange: Exchange): unknown {
  if (exchange.response?.status !== 200) return undefined;
  try {
    const body = exchange.response.json() as { status?: unknown; cardDetails?: { status?: unknown } } | null;
    return body?.cardDetails?.status ?? body?.status;
  } catch {
    return undefined;
  }
}
