import { firstDuplicate } from '../../../checks/first-duplicate.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { requirePageSizes } from './page-sizes.ts';
import { pagePositions } from './page-position.ts';
import {
  describeWalk,
  pageProductIds,
  requireEnded,
  requireLastOnFirst,
  walkEvidence,
  walkProductIds,
  type ProductWalk,
} from './product-walk.ts';

/** The page of a walk that holds the product at a position of its product list. */
function pageHolding(walk: ProductWalk, position: number): number {
  let count = 0;
  return Math.max(
    0,
    walk.pages.findIndex((page) => {
      count += page.body.data.products.length;
      return count > position;
    }),
  );
}

/** One walk: it ended on the page page 1's `last` names, holds no product twice and pageSize products a page. */
function judgeWalk(walk: ProductWalk): string[] {
  requireEnded(walk);
  const [first] = walk.pages;
  const final = walk.pages.at(-1);
  requireLastOnFirst(walk);
  if (first && final && walk.pages.length > 1) {
    // The page last names, read from the pages (page-position.ts); a last link that cannot be asked is
    // cdr.links.valid's.
    const lastNamed = pagePositions(walk, walk.linked).ofLink(
      first.body.links.last,
      first.body.links.self ?? first.exchange.request.url,
    );
    if (lastNamed !== undefined && lastNamed !== walk.pages.length)
      throw new Violation(
        `${describeWalk(walk)}: following next ended on page ${walk.pages.length}, but page 1's links.last names ${lastNamed === null ? 'no page the walk reached' : `page ${lastNamed}`}`,
        [first.exchange, final.exchange],
      );
  }
  const ids = walkProductIds(walk);
  const duplicate = firstDuplicate(ids);
  if (duplicate !== -1)
    throw new Violation(
      `${describeWalk(walk)}: product ${ids[duplicate]} came twice (again on page ${pageHolding(walk, duplicate) + 1})`,
      walkEvidence(walk, pageHolding(walk, duplicate)),
    );
  if (walk.pageSize !== undefined) requirePageSizes(walk, walk.pageSize);
  return ids;
}

/**
 * Full forward walks of one filtered list at several page sizes: each ends where `last` said, holds no product
 * twice and page-size products a page, and all visit the same products (the harness cannot know the data, so
 * the walks are judged against each other; the first is the baseline, best a single page above the whole list).
 */
export function walkComplete(walks: readonly ProductWalk[]): Verdict {
  const [baseline, ...others] = walks;
  if (!baseline) return passed();
  const expected = new Set(judgeWalk(baseline));
  for (const walk of others) {
    const ids = judgeWalk(walk);
    const missing = [...expected].filter((id) => !ids.includes(id));
    const extra = ids.filter((id) => !expected.has(id));
    if (missing.length > 0 || extra.length > 0) {
      const at = extra.length > 0 ? pageHolding(walk, ids.indexOf(extra[0] as string)) : walk.pages.length - 1;
      throw new Violation(
        `${describeWalk(walk)} visited ${ids.length} products, ${describeWalk(baseline)} ${expected.size}: ${missing.length} missing (e.g. ${missing[0] ?? 'none'}), ${extra.length} not in the other (e.g. ${extra[0] ?? 'none'})`,
        walkEvidence(walk, at),
      );
    }
  }
  return passed({
    products: expected.size,
    walks: walks.map((walk) => `${walk.query}: ${walk.pages.length} pages`),
  });
}

/** The products of each page of a walk, for comparisons of walks page by page. */
export const pagesOf = (walk: ProductWalk) => walk.pages.map((page) => pageProductIds(page).join(','));
