import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import {
  describeWalk,
  pagesToJudge,
  servedPageSize,
  stoppedAtStep,
  requireEnded,
  walkJudges,
  walkProductIds,
  type ObservedListPage,
  type ProductWalk,
} from './product-walk.ts';

/**
 * meta.totalRecords and meta.totalPages of every page (integers per the standard or numeric strings per
 * document 3: the form is cdr.list.envelope's) equal what the full walk saw. `baselineOf` names a walk of the
 * same list at another size: a walk that saw other products than it is judged by walk-complete, not here.
 */
export function listTotals(
  walks: readonly ProductWalk[],
  baselineOf: (walk: ProductWalk) => ProductWalk | undefined = () => undefined,
): Verdict {
  let judgedOnPagesRead = 0;
  for (const walk of walks) {
    const baseline = baselineOf(walk);
    // A walk stopped at a link it could not follow: the pages it read are judged against the whole list read another
    // way (its baseline, one page above it).
    if (
      walk.ended !== 'end-reached' &&
      baseline &&
      baseline !== walk &&
      baseline.ended === 'end-reached' &&
      servedPageSize(walk) !== undefined
    ) {
      judgePagesRead(walk, baseline, servedPageSize(walk) as number);
      judgedOnPagesRead += 1;
      continue;
    }
    // A walk that stopped with no whole list to compare with: what its pages read already prove is judged first.
    if (walk.ended !== 'end-reached') judgeLowerBounds(walk);
    requireEnded(walk);
    judgeEndedWalk(walk, baseline);
  }
  return passed({
    walks: walks.length,
    ...(judgedOnPagesRead > 0
      ? { 'walks that stopped, judged on the pages read against the whole list': judgedOnPagesRead }
      : {}),
  });
}

/** A page's totals as numbers; a page that gives none readable is the list envelope's to judge (it blocks). */
function readableTotals(
  walk: ProductWalk,
  index: number,
  { body, exchange }: ObservedListPage,
): { totalRecords: number; totalPages: number } {
  const { totalRecords, totalPages } = body.meta;
  if (totalRecords === undefined || totalPages === undefined)
    throw new PrerequisiteMissing(
      [walkJudges.envelope],
      `${describeWalk(walk)}: page ${index + 1} gives no readable totals`,
      [exchange],
    );
  return { totalRecords, totalPages };
}

/**
 * Every page of a walk that ended says the totals the walk saw. A walk that saw other products than its baseline
 * (the same list at another size) lost or gained some: that is walk-complete's to judge.
 */
function judgeEndedWalk(walk: ProductWalk, baseline: ProductWalk | undefined): void {
  const records = walkProductIds(walk).length;
  // An empty list's totals are judged by cdr.pagination.empty-result.
  if (records === 0) return;
  const pages = walk.pages.length;
  for (const [index, page] of walk.pages.entries()) {
    const { exchange } = page;
    const { totalRecords, totalPages } = readableTotals(walk, index, page);
    if (totalRecords === records && totalPages === pages) continue;
    if (
      baseline &&
      baseline !== walk &&
      walkProductIds(baseline).sort().join('\n') !== walkProductIds(walk).sort().join('\n')
    )
      throw new PrerequisiteMissing(
        [walkJudges.walk],
        `${describeWalk(walk)} saw other products than ${describeWalk(baseline)}, so what its totals should say is unknown`,
        [exchange],
      );
    throw new Violation(
      `${describeWalk(walk)}: page ${index + 1} says totalRecords ${totalRecords}, totalPages ${totalPages}; the walk saw ${records} products on ${pages} pages`,
      [exchange],
    );
  }
}

/** The pages a stopped walk read say the totals of the whole list its baseline read. */
function judgePagesRead(walk: ProductWalk, baseline: ProductWalk, pageSize: number): void {
  const records = walkProductIds(baseline).length;
  const pages = Math.ceil(records / pageSize);
  for (const [index, page] of pagesToJudge(walk).entries()) {
    const { exchange } = page;
    const { totalRecords, totalPages } = readableTotals(walk, index, page);
    if (totalRecords !== records || totalPages !== pages) {
      throw new Violation(
        `${describeWalk(walk)}: page ${index + 1} says totalRecords ${totalRecords}, totalPages ${totalPages}; ${describeWalk(baseline)} holds ${records} products, ${pages} pages at page size ${pageSize}`,
        [exchange, ...baseline.pages.slice(0, 1).map((page) => page.exchange)],
      );
    }
  }
}

/**
 * What the pages a stopped walk read prove whatever the rest of the list holds: the list has at least the distinct
 * products they hold, and at least as many pages as the walk read where each was a further page (a walk stopped at a
 * link it could not follow or a refused page); a page holding products names at least one page. A page whose totals
 * are unreadable is left to the envelope rule.
 */
function judgeLowerBounds(walk: ProductWalk): void {
  const records = new Set(walkProductIds(walk)).size;
  for (const [index, { body, exchange }] of walk.pages.entries()) {
    const { totalRecords, totalPages } = body.meta;
    if (totalRecords === undefined || totalPages === undefined) continue;
    const pages = stoppedAtStep(walk) ? walk.pages.length : body.data.products.length > 0 ? 1 : 0;
    if (totalRecords >= records && totalPages >= pages) continue;
    throw new Violation(
      `${describeWalk(walk)}: page ${index + 1} says totalRecords ${totalRecords}, totalPages ${totalPages}, below what the pages read hold: ${records} distinct products${pages > 0 ? ` on at least ${pages} page(s)` : ''} (the walk stopped: ${walk.endNote ?? walk.ended})`,
      [exchange],
    );
  }
}
