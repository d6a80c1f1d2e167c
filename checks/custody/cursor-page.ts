import type { Exchange } from '../../client/exchange.ts';
import { cursorPageSchema, type CursorPage } from '../../rules/custody/schemas.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

/** The page a listing answered: 200 and a body with `result` (array) and `cursor` (token and flags). */
export function cursorPageOf(exchange: Exchange, ruleId: string): CursorPage {
  const { status } = responseOf(exchange, ruleId);
  if (status !== 200) throw new RuleViolation(ruleId, `The page request answered ${status}, not 200`, [exchange]);
  const parsed = cursorPageSchema.safeParse(jsonOf(exchange, ruleId));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    throw new RuleViolation(ruleId, `The page is not a cursor page: ${issues}`, [exchange]);
  }
  return parsed.data;
}

/** A page request answered with a cursor page. */
export function cursorPage(exchange: Exchange, ruleId: string): Verdict {
  const page = cursorPageOf(exchange, ruleId);
  return passed(ruleId, { items: page.result.length });
}
