import fc from 'fast-check';
import { validTrackId } from './track-id.ts';

/**
 * A request of a billing sequence sent again (`back`, counted back from the latest), exactly as it was or under
 * another Svc-Track-Id: a refusal must come back a refusal, a keyed creation is a retry.
 */
export interface RequestRepeat {
  back: number;
  trackId: string | undefined;
}

export const requestRepeat: fc.Arbitrary<RequestRepeat> = fc.record({
  back: fc.nat({ max: 4 }),
  trackId: fc.option(validTrackId.arbitrary, { nil: undefined }),
});
