import fc from 'fast-check';
import type { PageRequest } from '../../rules/custody/endpoints.ts';
import { largestAskedPageSize } from './walk-page-sizes.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

/** One step of a cursor command sequence: FIRST and LAST choose a page size, NEXT and PREVIOUS keep it. */
export interface PageStep {
  request: PageRequest;
  pageSize: number;
}

/** Page sizes the spec's walk and the edges suggest (1, 2, 20), then any up to the largest asked. */
export const stepPageSize = fc.oneof(
  fc.constantFrom(1, 2, shownWalkPageSize),
  fc.integer({ min: 1, max: largestAskedPageSize }),
);

export const pageStep: fc.Arbitrary<PageStep> = fc.oneof(
  fc.record({ request: fc.constantFrom<PageRequest>('FIRST', 'LAST'), pageSize: stepPageSize }),
  // NEXT and PREVIOUS weigh more, so sequences travel.
  {
    arbitrary: fc.record({ request: fc.constantFrom<PageRequest>('NEXT', 'PREVIOUS'), pageSize: fc.constant(0) }),
    weight: 3,
  },
);
