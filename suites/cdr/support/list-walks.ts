import { walkJudges, type ProductWalk } from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import { listWalkPlan, type WalkGroup } from '../../../generators/cdr/list-walk-plan.ts';
import { catalogueOf, catalogueQuery, catalogueSize, walkCatalogue } from './catalogue.ts';
import { walkBackFrom, walkForward } from './walk-products.ts';

/** The forward walks of one group of the plan, the first at the size above the whole list (the baseline). */
export interface WalkedGroup {
  group: WalkGroup;
  forward: ProductWalk[];
}

/**
 * The walks of the plan, made once per suite file and shared by its rules (each rule judges them its way). What
 * stops a walk is thrown as it is (a missing prerequisite naming its judges): each rule that awaits it resolves it
 * for itself, so the judge fails and the others are blocked, whichever rule asked first.
 */
export function sharedListWalks(client: () => CdrClient) {
  let forward: Promise<WalkedGroup[]> | undefined;
  const back = new Map<ProductWalk, Promise<ProductWalk>>();
  const walkGroups = async (): Promise<WalkedGroup[]> => {
    const whole = await walkCatalogue(client());
    // A catalogue walk that stopped gives no length to plan the walks by: it is the one walk, and each rule judges the
    // pages it read its own way before its stop blocks it (page 1 alone can show totals that cannot be right).
    if (whole.ended !== 'end-reached')
      return [{ group: { filters: catalogueQuery, pageSizes: [undefined] }, forward: [whole] }];
    const catalogue = catalogueOf(whole);
    const [sample] = catalogue.products;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const plan = listWalkPlan(
      catalogueSize(catalogue),
      { brand: text(sample?.brand), productCategory: text(sample?.productCategory) },
      client().section.maxWalkPages,
    );
    return Promise.all(
      plan.map(async (group) => ({
        group,
        forward: await Promise.all(
          group.pageSizes.map((pageSize) =>
            walkForward(client(), { ...group.filters, ...(pageSize === undefined ? {} : { pageSize }) }, [
              walkJudges.walk,
            ]),
          ),
        ),
      })),
    );
  };
  return {
    forward(): Promise<WalkedGroup[]> {
      forward ??= walkGroups();
      return forward;
    },
    back(walk: ProductWalk): Promise<ProductWalk> {
      if (!back.has(walk)) back.set(walk, walkBackFrom(client(), walk));
      return back.get(walk) as Promise<ProductWalk>;
    },
  };
}
