import type { Exchange } from '../client/http-exchange.ts';
import { Finding } from './finding.ts';

/**
 * The target showed that the rule does not apply to it: the rule's route uses an operation the documents do not show,
 * and the target does not serve it (404, 405, an "endpoint unavailable" code). Its outcome is not applicable, with
 * the reason and the exchange that showed it: never failed, never blocked (docs/coverage.md, "Operations the
 * documents do not show").
 */
export class NotApplicableHere extends Finding {
  override readonly name = 'NotApplicableHere';
  readonly kind = 'not-applicable';
  readonly code = 'RULE_NOT_APPLICABLE';

  constructor(
    /** Why, in words: "GET /api/v5/trade/order is not served: answered 404 code 50005". */
    readonly reason: string,
    readonly evidence: readonly Exchange[] = [],
  ) {
    super(`not applicable: ${reason}`);
  }
}
