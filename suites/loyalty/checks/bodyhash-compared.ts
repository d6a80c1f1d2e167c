import type { Exchange } from '../../../client/http-exchange.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { Violation } from '../../../engine/rule-violation.ts';
import { unauthorizedStatus } from '../../../checks/unauthorized-status.ts';

const bodyhashRule = 'loyalty.mac.bodyhash';

/**
 * Requests whose MAC carries a bodyhash that is not the hash of the body sent, sent because a MAC signed for
 * another body was accepted. Both are refused only by comparing bodyhash with the body, which
 * `loyalty.mac.bodyhash` judges: when these are accepted too, the asking rule is blocked by it; when they
 * are refused, the asking rule's own case was accepted, and it judges that.
 */
export function bodyhashCompared(exchanges: readonly Exchange[]): void {
  for (const exchange of exchanges) {
    try {
      unauthorizedStatus(exchange, null);
    } catch (error) {
      if (!(error instanceof Violation)) throw error;
      throw new PrerequisiteMissing(
        [bodyhashRule],
        `a MAC signed for another body was accepted, and so was one whose bodyhash is not the body's: ${error.message}`,
        [exchange],
      );
    }
  }
}
