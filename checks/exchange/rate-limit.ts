import type { RateLimitFinding } from '../../load/rate-limit-probe.ts';
import type { RateLimitPin } from '../../targets/rate-limit-probe.ts';
import { rateLimitProbed } from '../rate-limit-probed.ts';
import { RuleViolation, type Verdict } from '../rule-violation.ts';

/**
 * The exchange-rate-limit probe met the limit, and every answer under load kept the envelope: a limited
 * answer is both HTTP 429 and code "50011" (neither without the other), and code, msg, data and the code
 * ranges hold on every response, 429s included. The limit itself is reported (see rate-limit-probed).
 */
export function exchangeRateLimited(finding: RateLimitFinding, ruleId: string, pin: RateLimitPin = {}): Verdict {
  const [breach] = finding.violations;
  if (breach) {
    const which = breach.ruleId === ruleId ? '' : ` (rule ${breach.ruleId})`;
    throw new RuleViolation(ruleId, `${breach.count} answer(s) under load broke the envelope${which}: ${breach.message}`, finding.violationExchanges.slice(0, 1));
  }
  return rateLimitProbed(finding, ruleId, pin);
}
