import { listLinkNames } from '../../../rules/cdr/envelope-schemas.ts';
import { jsonOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, type ProductWalk } from './product-walk.ts';

/** Why a URL may not be requested (outside the base URL and followOrigins); undefined when it may. */
export type ScopeOf = (url: string) => string | undefined;

/**
 * Every link of every page the walks met (as the holder wrote it, not as read leniently) is a string holding
 * an absolute http(s) URI that lies on the holder. A link elsewhere fails with the link as evidence; the walks
 * never requested it.
 */
export function linksValid(observed: { walks: readonly ProductWalk[]; outsideScope: ScopeOf }): Verdict {
  let links = 0;
  for (const walk of observed.walks) {
    for (const [index, { exchange }] of walk.pages.entries()) {
      const given = (jsonOf(exchange) as { links?: Record<string, unknown> } | null)?.links ?? {};
      const where = `${describeWalk(walk)}: page ${index + 1}`;
      for (const name of listLinkNames) {
        const link = given[name];
        if (link === undefined) continue;
        if (typeof link !== 'string')
          throw new Violation(`${where}: links.${name} is not a string: ${JSON.stringify(link)?.slice(0, 200)}`, [
            exchange,
          ]);
        if (!URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol))
          throw new Violation(
            `${where}: links.${name} is not an absolute http(s) URI: ${JSON.stringify(link).slice(0, 300)}`,
            [exchange],
          );
        const outside = observed.outsideScope(link);
        if (outside !== undefined)
          throw new Violation(
            `${where}: links.${name} points outside the holder: ${link.slice(0, 300)} (${outside}); it was not requested`,
            [exchange],
          );
        links += 1;
      }
    }
  }
  return passed({ 'links judged': links });
}
