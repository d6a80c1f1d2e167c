import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../../client/http-exchange.ts';
import { productV6 } from '../../rules/cdr/product-schemas.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { productIssues } from '../../rules/cdr/product-issues.ts';
import { answeredVersion, shownValue } from './product-walk.ts';
import { prerequisiteMissing } from '../rule-blocked.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

/** The fields a list item has in common with its detail. */
const listFields = Object.keys(productV6.shape);

/**
 * The detail of a listed product answers 200 with that product: every list field the list gave has the
 * list's value in the detail (an optional field only the detail gives is tolerated).
 */
export function detailIsListed(observed: { listed: Record<string, unknown> | null; listExchange: Exchange; detail: Exchange }, ruleId: string): Verdict {
  const { listed, listExchange, detail } = observed;
  // A listed product that is no object is judged by cdr.product.list-item.
  if (typeof listed !== 'object' || listed === null) return passed(ruleId);
  const { status } = responseOf(detail, ruleId);
  // A refused version (406) is the version rules' fault, judged by cdr.x-v.served on the detail operation.
  if (status === 406) throw prerequisiteMissing(ruleId, ['cdr.x-v.served'], `The detail of listed product ${String(listed.productId)} refused the version asked (406)`, [detail]);
  if (status !== 200) throw new RuleViolation(ruleId, `The detail of listed product ${String(listed.productId)} answered ${status}`, [detail, listExchange]);
  const data = (jsonOf(detail, ruleId) as { data?: Record<string, unknown> } | null)?.data ?? {};
  // A list field that breaks its own record rule is that rule's to judge, not compared here.
  const broken = new Set(productIssues(listed, 'list', answeredVersion(listExchange)).map((issue) => issue.path.split('.')[0]));
  const differs = listFields.filter((field) => listed[field] !== undefined && !broken.has(field) && !isDeepStrictEqual(data[field], listed[field]));
  if (differs.length > 0) {
    const shown = differs.map((field) => `${field}: list ${shownValue(listed[field], 150)}, detail ${shownValue(data[field], 150)}`).join('; ');
    throw new RuleViolation(ruleId, `The detail of ${String(listed.productId)} is not the listed product: ${shown.slice(0, 600)}`, [detail, listExchange]);
  }
  return passed(ruleId);
}
