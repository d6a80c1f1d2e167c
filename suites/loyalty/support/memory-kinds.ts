import { randomUUID } from 'node:crypto';
import { loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import { keepFirstUse } from '../../support/late-memory.ts';
import type { LoyaltySuiteSession } from './loyalty-suite-session.ts';

/** The loyalty first uses kept for a late replay (suites/support/late-memory.ts), by kind. */
export const loyaltyMemory = {
  /** A MAC nonce whose first use was accepted: `{ nonce }`. */
  nonce: 'loyalty.nonce',
  /** A points-transfer order accepted: `{ order }`, placed again late under the same requestor_order_id. */
  order: 'loyalty.order',
} as const;

/**
 * Every loyalty file keeps, when it starts, a nonce and an order the target accepted; memory.alone.suite.ts
 * replays the oldest of each at the end of the run (suites/support/late-memory.ts).
 */
export function keepLoyaltyFirstUses(session: () => LoyaltySuiteSession): void {
  keepFirstUse(loyaltyMemory.nonce, 'loyalty.mac.nonce-reuse', () => {
    const { send, validBodies, section } = session();
    if (!section.mac) return undefined;
    const nonce = randomUUID();
    return send({ operation: 'notify', body: validBodies().notify }, { auth: { mac: { nonce } } }).then((exchange) =>
      exchange.response?.status === loyaltyStatuses.accepted ? { nonce } : undefined,
    );
  });
  keepFirstUse(loyaltyMemory.order, 'loyalty.transfer.order-id-unique', () => {
    const { send, validBodies } = session();
    const order = validBodies().transfer;
    return send({ operation: 'transfer', body: order }).then((exchange) =>
      exchange.response?.status === loyaltyStatuses.accepted ? { order } : undefined,
    );
  });
}
