import type { Exchange } from '../../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

/*
 * What GET card shows of a card, read by the assignment and unenrolment checks and by the suites that pick
 * fixture cards.
 */

/**
 * What GET card shows of a card: its card user and wallet preference (absent ones undefined), read leniently.
 * No card at all is the card record rule's to judge: the asking rule is blocked by it.
 */
export function assignmentOf(exchange: Exchange): { cardUserId: unknown; digitalWalletProvisionable: unknown } {
  const missing = (what: string) => new PrerequisiteMissing(['cards.card.fields'], `GET card ${what}`, [exchange]);
  const { response } = exchange;
  if (exchange.error || !response) throw missing(`gave no usable response (${exchange.error?.code ?? 'none'})`);
  if (response.status !== 200) throw missing(`answered ${response.status}, not 200`);
  let body: { cardUserId?: unknown; cardDetails?: { digitalWalletProvisionable?: unknown } } | null;
  try {
    body = response.json() as typeof body;
  } catch {
    throw missing('answered a body that is not JSON');
  }
  return {
    cardUserId: body?.cardUserId ?? undefined,
    digitalWalletProvisionable: body?.cardDetails?.digitalWalletProvisionable ?? undefined,
  };
}

/** The body of a 200 GET card, or undefined where there is none to read (read leniently: the record rules judge it). */
export function cardBodyOf(exchange: Exchange): unknown {
  if (exchange.response?.status !== 200) return undefined;
  try {
    return exchange.response.json();
  } catch {
    return undefined;
  }
}

/**
 * The status GET card shows of a card, wherever the record carries it (IN_PROGRESS cards at top level or in
 * cardDetails).
 */
export function cardStatusOf(exchange: Exchange): unknown {
  const body = cardBodyOf(exchange) as { status?: unknown; cardDetails?: { status?: unknown } } | null | undefined;
  return body?.cardDetails?.status ?? body?.status;
}
