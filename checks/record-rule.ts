import type { z } from 'zod';
import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';
import type { RuleUnderCheck } from '../engine/check.ts';

/**
 * What a record rule expects: the success statuses of the answer and the record's schema, whose issue messages are rule
 * ids.
 */
export interface RecordExpectation {
  /** The record, in words, for the failure text (e.g. "the Card of the ACTIVE card"). */
  record: string;
  schema: z.ZodType;
  statuses: readonly number[];
}

/**
 * A record answered with a success status and free of the schema issues that name the rule under test
 * (issues of other rules are theirs to report, with zod's paths).
 */
export function recordRule(this: RuleUnderCheck, exchange: Exchange, expected: RecordExpectation): Verdict {
  const { status } = responseOf(exchange);
  if (!expected.statuses.includes(status))
    throw new Violation(`${expected.record}: answered ${status}, not ${expected.statuses.join(' or ')}`, [exchange]);
  const result = expected.schema.safeParse(jsonOf(exchange));
  const issues = result.success ? [] : result.error.issues.filter((issue) => issue.message === this.ruleId);
  if (issues.length) {
    const paths = issues.map((issue) => issue.path.map(String).join('.') || '(body)').join(', ');
    throw new Violation(`${expected.record} breaks the rule at ${paths}`, [exchange]);
  }
  return passed();
}
