import type { Exchange } from '../../../client/http-exchange.ts';
import { type DocumentedRefusal, statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/**
 * A request that breaks a rule of the document is refused. Where the operation's row lists the status of the refusal
 * (400 on the charge operations), that status; where it lists none (the token operation's "200 token response record;
 * 429 with an unspecified body", the products row's "status codes of this operation: not shown"), only that the
 * request is not served: never a 2xx, the status met observed.
 */
export function requestRefused(exchange: Exchange, documentedStatus: DocumentedRefusal): Verdict {
  if (documentedStatus !== null) return statusForInvalidInput(exchange, documentedStatus);
  const { status } = responseOf(exchange);
  if (status >= 200 && status <= 299)
    throw new Violation(`A request breaking the rule answered ${status}: it was served, not refused`, [exchange]);
  return passed({ status, refusalStatusNotShown: status });
}

/**
 * An input rule judged both ways on operations with and without a listed refusal status: a value that keeps the rule
 * succeeds (the documented success status, any 2xx where none is shown), one that breaks it is refused as
 * `requestRefused` says.
 */
export function inputAsListed(
  exchange: Exchange,
  expected: { keepsRule: boolean; documentedStatus: DocumentedRefusal },
): Verdict {
  if (!expected.keepsRule) return requestRefused(exchange, expected.documentedStatus);
  const success = typeof expected.documentedStatus === 'number' ? expected.documentedStatus : null;
  return statusForValidInput(exchange, success);
}
