import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/**
 * A gzipped request body is handled like the plain one: the same status and the same response, once the
 * fields that differ between any two creations (identifiers) are projected away.
 */
export function gzipRequestEquivalence(
  { plain, gzipped }: { plain: Exchange; gzipped: Exchange },
  comparable: (body: unknown) => unknown,
): Verdict {
  const plainStatus = responseOf(plain).status;
  const gzippedStatus = responseOf(gzipped).status;
  if (plainStatus !== gzippedStatus) {
    throw new Violation(`The plain body answered ${plainStatus}, the same body gzipped answered ${gzippedStatus}`, [
      plain,
      gzipped,
    ]);
  }
  if (!isDeepStrictEqual(comparable(jsonOf(plain)), comparable(jsonOf(gzipped)))) {
    throw new Violation('The gzipped body produced a different record than the same body sent plain', [plain, gzipped]);
  }
  return passed({ status: plainStatus });
}
