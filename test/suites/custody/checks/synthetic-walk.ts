import type { Walk } from '../../../../suites/custody/checks/walk.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';

export interface PageSpec {
  items: readonly string[];
  hasNext: boolean;
  hasPrevious: boolean;
  token?: string;
}

/** The pages a correct target gives for `items` at `pageSize`, forward or back. */
export function correctPages(
  items: readonly string[],
  pageSize: number,
  direction: Walk['direction'] = 'forward',
): PageSpec[] {
  const count = Math.max(1, Math.ceil(items.length / pageSize));
  const pages = Array.from({ length: count }, (_, index) => ({
    items: items.slice(index * pageSize, (index + 1) * pageSize),
    hasPrevious: index > 0,
    hasNext: index < count - 1,
    token: `t${pageSize}-${index}`,
  }));
  return direction === 'forward' ? pages : pages.reverse();
}

/** A synthetic walk built from page specs, as the walker would record it. */
export function syntheticWalk(
  pages: readonly PageSpec[],
  pageSize: number,
  direction: Walk['direction'] = 'forward',
  ended: Walk['ended'] = 'end-reached',
): Walk {
  return {
    endpoint: '/api/rest/v1/balances',
    pageSize,
    direction,
    ended,
    pages: pages.map((spec, index) => {
      const page = {
        result: spec.items.map((id) => ({ id })),
        cursor: { currentPage: spec.token ?? `t-${index}`, hasNext: spec.hasNext, hasPrevious: spec.hasPrevious },
      };
      return { exchange: jsonExchange(200, page), page };
    }),
  };
}

export const tenItems = Array.from({ length: 10 }, (_, index) => `i${index}`);
