import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** The response carries a header that was sent back unchanged (one header, byte-for-byte the same value). */
export function headerEcho(
  exchange: Exchange,
  ruleId: RuleId,
  expected: { headerName: string; sent: string },
): Verdict {
  const { headerName, sent } = expected;
  const { headers } = responseOf(exchange, ruleId);
  const echoed = headers[headerName.toLowerCase()];
  if (echoed === undefined) {
    throw new RuleViolation(ruleId, `${headerName} was sent but not returned`, [exchange]);
  }
  const value = Array.isArray(echoed) ? echoed.join(', ') : echoed;
  if (value !== sent) {
    throw new RuleViolation(
      ruleId,
      `${headerName} came back changed: sent ${JSON.stringify(sent)}, got ${JSON.stringify(value)}`,
      [exchange],
    );
  }
  return passed(ruleId);
}
