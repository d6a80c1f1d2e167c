import type { Effective } from '../../../rules/cdr/enums.ts';

/** The filters a list request applies, as judged (effective is always set: CURRENT when the request omits it). */
export interface ProductFilter {
  effective: Effective;
  updatedSince?: string;
  brand?: string;
  productCategory?: string;
}

/** When the run looked: the span of the walk's exchanges, widened by the clock margin on each side. */
export interface RunClock {
  fromMs: number;
  toMs: number;
}

type Product = {
  lastUpdated?: unknown;
  effectiveFrom?: unknown;
  effectiveTo?: unknown;
  brand?: unknown;
  productCategory?: unknown;
};
/** in: the filter must return it; out: it must not; undecided: too close to the clock to judge. */
export type FilterVerdict = 'in' | 'out' | 'undecided';

const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** Where an instant lies relative to the clock span: before all of it, after all of it, or inside it. */
function relative(ms: number, clock: RunClock): 'before' | 'after' | 'inside' {
  return ms < clock.fromMs ? 'before' : ms > clock.toMs ? 'after' : 'inside';
}

function effectiveVerdict(product: Product, effective: Effective, clock: RunClock): FilterVerdict {
  if (effective === 'ALL') return 'in';
  const from = product.effectiveFrom === undefined ? undefined : relative(timeOf(product.effectiveFrom), clock);
  const to = product.effectiveTo === undefined ? undefined : relative(timeOf(product.effectiveTo), clock);
  if (from === 'inside' || to === 'inside') return 'undecided';
  if (effective === 'FUTURE') return from === 'after' ? 'in' : 'out';
  // CURRENT: now falls inside effectiveFrom..effectiveTo (an open end is no bound).
  return from !== 'after' && to !== 'before' ? 'in' : 'out';
}

/** Whether a filter must return a product, at the run's clock. Pure. */
export function filterVerdict(product: unknown, filter: ProductFilter, clock: RunClock): FilterVerdict {
  // A product that is no object is for the record rules, not the filters.
  if (typeof product !== 'object' || product === null) return 'undecided';
  return verdictOf(product as Product, filter, clock);
}

function verdictOf(product: Product, filter: ProductFilter, clock: RunClock): FilterVerdict {
  if (filter.brand !== undefined && product.brand !== filter.brand) return 'out';
  if (filter.productCategory !== undefined && product.productCategory !== filter.productCategory) return 'out';
  const effective = effectiveVerdict(product, filter.effective, clock);
  if (filter.updatedSince === undefined || effective === 'out') return effective;
  const updated = timeOf(product.lastUpdated);
  // A lastUpdated that is no date-time is for the record rules, not this filter.
  if (Number.isNaN(updated)) return 'undecided';
  const since = Date.parse(filter.updatedSince);
  // Within the same millisecond only the very same text is judged: a target may keep finer precision.
  if (updated === since && product.lastUpdated !== filter.updatedSince) return 'undecided';
  return updated > since ? effective : 'out';
}

export function describeFilter(filter: ProductFilter): string {
  return Object.entries(filter)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
}
