import type { Exchange } from '../client/exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';

/** The response carries the sent Svc-Track-Id unchanged (one header, byte-for-byte the same value). */
export function trackIdEcho(exchange: Exchange, ruleId: string, headerName: string, sent: string): Verdict {
  const { headers } = responseOf(exchange, ruleId);
  const echoed = headers[headerName.toLowerCase()];
  if (echoed === undefined) {
    throw new RuleViolation(ruleId, `${headerName} was sent but not returned`, [exchange]);
  }
  const value = Array.isArray(echoed) ? echoed.join(', ') : echoed;
  if (value !== sent) {
    throw new RuleViolation(ruleId, `${headerName} came back changed: sent ${JSON.stringify(sent)}, got ${JSON.stringify(value)}`, [exchange]);
  }
  return passed(ruleId);
}
