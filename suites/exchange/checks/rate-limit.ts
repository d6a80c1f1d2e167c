import type { RateLimitFinding } from '../../../checks/rate-limit-finding.ts';
import type { RateLimitPin } from '../../../targets/rate-limit-probe-bounds.ts';
import { rateLimitProbed } from '../../../checks/rate-limit-probed.ts';
import { Violation, type Verdict } from '../../../engine/rule-violation.ts';
import type { RuleUnderCheck } from '../../../engine/check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { readEnvelope } from '../client/envelope.ts';
import { exchangeCodes } from '../../../rules/exchange/codes.ts';

/**
 * What one answer under the probe's load says about the 429/50011 pairing this check judges over the whole run: why it
 * breaks it (HTTP 429 without code 50011, or 50011 without 429), or undefined. The probe records it against the rule.
 */
export function rateLimitPairingBroken(exchange: Exchange): string | undefined {
  const status = exchange.response?.status;
  const code = readEnvelope(exchange)?.code;
  if ((status === 429) === (code === exchangeCodes.rateLimited)) return undefined;
  return `a rate-limited answer has HTTP ${status} and code ${JSON.stringify(code)}: it must be HTTP 429 with code "50011"`;
}

/**
 * The exchange-rate-limit probe met the limit, and a limited answer is both HTTP 429 and code "50011"
 * (neither without the other). The limit itself is reported (see rate-limit-probed). Answers under load that
 * broke an envelope rule are reported, not judged here: the envelope is those rules' to judge, on their own
 * exchanges, so one envelope fault does not also fail the rate limit.
 */
export function exchangeRateLimited(this: RuleUnderCheck, finding: RateLimitFinding, pin: RateLimitPin = {}): Verdict {
  const own = finding.violations.findIndex((breach) => breach.ruleId === this.ruleId);
  const breach = finding.violations[own];
  if (breach) {
    const evidence = finding.violationExchanges[own] ?? finding.violationExchanges[0];
    throw new Violation(
      `${breach.count} answer(s) under load broke the 429/50011 pairing: ${breach.message}`,
      evidence ? [evidence] : [],
    );
  }
  const verdict = rateLimitProbed(finding, pin);
  const others = finding.violations.filter((other) => other.ruleId !== this.ruleId);
  if (others.length === 0) return verdict;
  const envelope = others
    .map((other) => `${other.count} answer(s) under rule ${other.ruleId}: ${other.message}`)
    .join('; ');
  return {
    ...verdict,
    observations: { ...verdict.observations, 'envelope under load (judged by the envelope rules)': envelope },
  };
}
