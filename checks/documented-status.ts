import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** The status is one the document lists for the operation, or one it tolerates (429). */
export function documentedStatus(
  exchange: Exchange,
  expected: { documented: readonly number[]; tolerated: readonly number[] },
): Verdict {
  const { documented, tolerated } = expected;
  const { status } = responseOf(exchange);
  if (!documented.includes(status) && !tolerated.includes(status)) {
    throw new Violation(
      `Status ${status} is not documented for this operation (documented: ${documented.join(', ')})`,
      [exchange],
    );
  }
  return passed({ status });
}
