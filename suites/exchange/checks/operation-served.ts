import type { Exchange } from '../../../client/http-exchange.ts';
import { codeText, readEnvelope } from '../client/envelope.ts';
import { endpointUnavailableCode } from '../../../rules/exchange/codes.ts';

/**
 * Why the target does not serve the operation `exchange` asked, or undefined where it does: 404 or 405 without an
 * envelope code of its own (a 404 carrying the code a rule expects is that rule's answer), or the real exchange's
 * "endpoint unavailable" code. For an operation the documents do not show, which a target need not serve.
 */
export function operationNotServed(exchange: Exchange, answeredCodes: readonly string[] = []): string | undefined {
  const status = exchange.response?.status;
  if (status === undefined || exchange.error) return undefined;
  const code = codeText(readEnvelope(exchange)?.code);
  if (code === endpointUnavailableCode) return `answered ${status} with code ${code} (endpoint unavailable)`;
  if ((status === 404 || status === 405) && (code === undefined || !answeredCodes.includes(code)))
    return `answered ${status}${code === undefined ? '' : ` with code ${code}`}`;
  return undefined;
}
