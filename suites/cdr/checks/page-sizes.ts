import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, pagesToJudge, type ProductWalk } from './product-walk.ts';

/**
 * Throws when a page of a forward walk holds other than `pageSize` products (the last: 1 to pageSize; 0 only
 * alone). Of a walk that stopped early, a page is the last when its own totalPages says so (unknown: not judged).
 */
export function requirePageSizes(walk: ProductWalk, pageSize: number): void {
  const last = walk.pages.length - 1;
  for (const [index, { body, exchange }] of walk.pages.entries()) {
    const count = body.data.products.length;
    const isLast =
      walk.ended === 'end-reached'
        ? index === last
        : body.meta.totalPages === undefined
          ? undefined
          : index + 1 >= body.meta.totalPages;
    if (isLast === undefined) continue;
    const fits = !isLast ? count === pageSize : count <= pageSize && (count > 0 || index === 0);
    if (!fits)
      throw new Violation(
        `${describeWalk(walk)}: page ${index + 1} of ${last + 1} holds ${count} products at page size ${pageSize}`,
        [exchange],
      );
  }
}

/** Every page of a forward walk holds the expected page size but the last. */
export function pageSizes(observed: { walk: ProductWalk; pageSize: number }): Verdict {
  // A walk stopped by a link it could not follow is judged on the pages it read.
  const pages = pagesToJudge(observed.walk);
  requirePageSizes(observed.walk, observed.pageSize);
  return passed({
    [`pages at size ${observed.pageSize}`]: pages.length,
    ...(observed.walk.ended === 'end-reached' ? {} : { 'judged on the pages read before': observed.walk.ended }),
  });
}
