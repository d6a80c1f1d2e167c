import fc from 'fast-check';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { headerNames } from '../client/billing-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { chargeDraft } from '../../../generators/billing/charge-draft.ts';
import { productDraft } from '../../../generators/billing/product-draft.ts';
import { validIdempotencyKey } from '../../../generators/billing/idempotency-key.ts';
import type { Gen } from '../../../generators/gen.ts';
import { type BillingOperation, billingOperations as op } from '../../../rules/billing/operations.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import { keepFirstUse } from '../../support/late-memory.ts';
import type { BillingSession } from './billing-suite-session.ts';

/** Keys stay well inside the 255-character limit: that limit is the length rule's to judge, not these rules'. */
export const keyMaxLength = 128;

/** Parallel retries fired at once: enough to expose a check-then-store race. */
export const concurrentRetries = 6;

export interface Attempt {
  key: string;
  body: unknown;
  operation: BillingOperation;
  resourceIdOf: (body: unknown) => string;
  /** The rule that judges the creation itself, which blocks these rules when nothing is created at all. */
  createdBy: RuleId;
}

/** The id a replay compares; only the id is read, so the record's other fields stay the creation rules' to judge. */
function required(id: string | undefined, record: string): string {
  if (id === undefined) throw new Error(`the ${record} response names no ${record} id`);
  return id;
}

/**
 * A creation (charge or product) with a fresh key. Keys carry the run's nonce and the rule's tag, so no
 * other test or earlier run can have used them; they stay within keyMaxLength characters.
 */
export function attempts(s: BillingSession, tag: string): Gen<Attempt> {
  const { adapter } = s.client;
  const chargeAttempt = (key: string, draft: Parameters<typeof adapter.createChargeBody>[0]): Attempt => ({
    key: `${s.nonce}-${tag}-c-${key}`.slice(0, keyMaxLength),
    body: adapter.createChargeBody(draft),
    operation: op.createCharge,
    resourceIdOf: (body) => required(adapter.chargeIdOf(body), 'charge'),
    createdBy: 'billing.charges.create',
  });
  const productAttempt = (key: string, draft: Parameters<typeof adapter.createProductBody>[0]): Attempt => ({
    key: `${s.nonce}-${tag}-p-${key}`.slice(0, keyMaxLength),
    body: adapter.createProductBody(draft),
    operation: op.createProduct,
    resourceIdOf: (body) => required(adapter.productIdOf(body), 'product'),
    createdBy: 'billing.products.create',
  });
  return {
    boundaries: [
      chargeAttempt(validIdempotencyKey.boundaries[0] as string, {
        name: 'harness-idem',
        rateCards: [],
        defaultPricing: { currency: 'USD', amount: 2 },
      }),
      productAttempt('boundary', productDraft.boundaries[0] as Parameters<typeof adapter.createProductBody>[0]),
    ],
    arbitrary: fc.oneof(
      fc.tuple(validIdempotencyKey.arbitrary, chargeDraft).map(([key, draft]) => chargeAttempt(key, draft)),
      fc.tuple(validIdempotencyKey.arbitrary, productDraft.arbitrary).map(([key, draft]) => productAttempt(key, draft)),
    ),
  };
}

export function sendAttempt(s: BillingSession, attempt: Attempt): Promise<Exchange> {
  return s.client.send(attempt.operation, {
    json: attempt.body,
    headers: { [headerNames.idempotencyKey]: attempt.key },
  });
}

/** Whether an answer created the resource: a 2xx naming it (only the id is read). */
export function created(exchange: Exchange, attempt: Attempt): boolean {
  const status = exchange.response?.status;
  if (status === undefined || status < 200 || status > 299) return false;
  try {
    return attempt.resourceIdOf(exchange.response?.json()) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A replay presupposes a creation: when no request carrying the fresh key created anything, the rule that
 * judges that creation owns the fault (a product model refused, say) and blocks these rules.
 */
export function someCreated(exchanges: readonly Exchange[], attempt: Attempt): void {
  if (exchanges.some((exchange) => created(exchange, attempt))) return;
  const statuses = [...new Set(exchanges.map((exchange) => exchange.response?.status ?? 'no answer'))].join(', ');
  throw new PrerequisiteMissing(
    [attempt.createdBy],
    `no request with a fresh Idempotency-Key created anything (answered ${statuses}), so no replay could be judged`,
    exchanges.slice(0, 1),
  );
}

/** The Idempotency-Key first use kept for a late retry (suites/support/late-memory.ts). */
export const idempotencyMemory = 'billing.idempotency-key';

/** What is kept of that first use: the key, the charge body sent, and the charge it created. */
export interface KeptIdempotentCreation {
  key: string;
  json: unknown;
  chargeId: string;
}

/** What a creation with a fresh key keeps when it created a charge (undefined otherwise). */
export async function createKept(s: BillingSession, attempt: Attempt): Promise<KeptIdempotentCreation | undefined> {
  const first = await sendAttempt(s, attempt);
  someCreated([first], attempt);
  return { key: attempt.key, json: attempt.body, chargeId: attempt.resourceIdOf(first.response?.json()) };
}

/**
 * Every billing file creates a charge with a fresh Idempotency-Key when it starts; memory.alone.suite.ts retries the
 * oldest at the end of the run.
 */
export function keepBillingFirstUses(session: () => BillingSession): void {
  keepFirstUse(idempotencyMemory, 'billing.headers.idempotency_key.replay', () => {
    const s = session();
    return createKept(s, attempts(s, 'kept').boundaries[0] as Attempt);
  });
}
