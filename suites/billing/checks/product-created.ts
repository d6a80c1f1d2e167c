import { isDeepStrictEqual } from 'node:util';
import type { ParsedProduct } from '../../../rules/billing/adapters/adapter.ts';
import type { ProductDraft } from '../../../rules/billing/adapters/model.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';

/**
 * The created product has the requested plans, each with charges of the requested models, in order; where
 * `successStatus` is given, the creation answered it (any 2xx where null).
 */
export function productCreated(
  { exchange, product }: { exchange: Exchange; product: ParsedProduct },
  draft: ProductDraft,
  successStatus?: number | null,
): Verdict {
  if (successStatus !== undefined) statusForValidInput(exchange, successStatus);
  const expected = draft.plans.map((plan) => plan.charges.map((charge) => charge.model));
  const actual = product.plans.map((plan) => plan.chargeModels);
  if (!isDeepStrictEqual(expected, actual)) {
    throw new Violation(
      `The product came back with plans of charge models ${JSON.stringify(actual)}; requested ${JSON.stringify(expected)}`,
      [exchange],
    );
  }
  return passed({ plans: actual.length });
}
