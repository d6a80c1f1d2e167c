import type { RuleUnderCheck } from '../../../engine/check.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { recordRule, type RecordExpectation } from '../../../checks/record-rule.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** Why an answer carries no record at all (no response, another status, a body that is not JSON), or undefined. */
function noRecord(exchange: Exchange, statuses: readonly number[]): string | undefined {
  const { response } = exchange;
  if (exchange.error || !response) return `gave no usable response (${exchange.error?.code ?? 'none'})`;
  if (!statuses.includes(response.status)) return `answered ${response.status}, not ${statuses.join(' or ')}`;
  try {
    response.json();
    return undefined;
  } catch {
    return `answered ${response.status} with a body that is not JSON`;
  }
}

/**
 * The prerequisite of a record rule behind `statusRule`: the answer carries a record at all (a success status,
 * a JSON body). Where it does not, `statusRule` fails and every other rule of the record is blocked by it.
 */
export function recordPresent(
  exchange: Exchange,
  expected: Pick<RecordExpectation, 'record' | 'statuses'> & { statusRule: RuleId },
): void {
  const missing = noRecord(exchange, expected.statuses);
  if (missing !== undefined)
    throw new PrerequisiteMissing([expected.statusRule], `${expected.record} ${missing}`, [exchange]);
}

/**
 * A record rule over an answer whose coming at all (a success status, a JSON body) is `statusRule`'s to judge:
 * that rule fails where there is no record, every other rule of the record is blocked by it, and each judges
 * only the schema issues that name it. One refused GET fails one rule, not every rule of the record.
 */
export function recordRuleBehind(
  this: RuleUnderCheck,
  exchange: Exchange,
  expected: RecordExpectation & { statusRule: RuleId },
): Verdict {
  recordPresent(exchange, expected);
  return recordRule.call(this, exchange, expected);
}
