import type { Exchange } from '../../../client/http-exchange.ts';
import { detailResponse } from '../../../rules/cdr/envelope-schemas.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/**
 * A detail response: 200, data an object, links with self (a fully qualified URL) and nothing else, meta an object when
 * present.
 */
export function detailEnvelope(exchange: Exchange): Verdict {
  const { status } = responseOf(exchange);
  // A listed product's detail that is not served at all is cdr.detail.is-listed-product's to judge.
  if (status !== 200)
    throw new PrerequisiteMissing(
      ['cdr.detail.is-listed-product'],
      `The detail answered ${status}, not 200: no envelope to judge`,
      [exchange],
    );
  const body = jsonOf(exchange);
  const parsed = detailResponse.safeParse(body);
  if (!parsed.success)
    throw new Violation(
      `The detail response breaks its envelope: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')}`,
      [exchange],
    );
  const links = (body as { links: Record<string, unknown> }).links;
  const others = Object.keys(links).filter((key) => key !== 'self');
  if (others.length > 0) throw new Violation(`The detail's links hold ${others.join(', ')} besides self`, [exchange]);
  const { self } = parsed.data.links;
  if (!URL.canParse(self) || !/^https?:$/.test(new URL(self).protocol))
    throw new Violation(`The detail's links.self is not a fully qualified URL: ${JSON.stringify(self)}`, [exchange]);
  return passed();
}
