import { createHash } from 'node:crypto';
import type { LoadProfile } from '../targets/schema.ts';
import { HarnessError } from '../core/harness-error.ts';

/**
 * A segment I of N of a nightly profile: what one of N replicas (Swarm tasks, the pods of a Kubernetes Indexed
 * Job, CI matrix jobs) runs so that the N of them together offer exactly the profile. Like k6's execution
 * segments, but integer shares that provably add up: share_i = floor(total*i/N) - floor(total*(i-1)/N).
 */
export interface Segment {
  /** 1-based. */
  index: number;
  count: number;
}

/** What every result file of a segmented run records, so a merge can tell the segments of one run from any other. */
export interface SegmentStamp extends Segment {
  /** The same for every segment of one run: given, or derived from the start time and the profile digest. */
  runId: string;
  /** sha256 of the canonical profile (see profileDigest): the replicas ran the same profile. */
  profileDigest: string;
  /** Every operation of the profile: a merge notices one no segment reported. */
  operations: string[];
}

/** The most segments a run is split into (a replica per segment; more is a typo). */
export const maxSegments = 1000;

/**
 * `I/N` (1-based: "1/3", a CI matrix's index), `index:K/N` (0-based: Kubernetes's JOB_COMPLETION_INDEX) or
 * `slot:S/N` (Docker Swarm's {{.Task.Slot}} in a replicated job: 0-based, and swarmkit's template renders slot 0
 * as the node's ID, so a slot that is not a number is slot 0). Anything else, or I outside 1..N, is a usage error.
 */
export function parseSegment(text: string): Segment {
  const match = /^(?:(index|slot):)?(\d+|[a-z0-9]{25})\/(\d+)$/.exec(text.trim());
  const fix =
    'give --segment I/N with 1 <= I <= N (e.g. 2/3), index:K/N with 0 <= K < N (Kubernetes JOB_COMPLETION_INDEX) or slot:{{.Task.Slot}}/N (a Swarm replicated job)';
  const [, form, position, total] = match ?? [];
  if (!match || (form !== 'slot' && !/^\d+$/.test(position as string)))
    throw new HarnessError('USAGE', `--segment ${JSON.stringify(text)} is not I/N`, fix);
  const count = Number(total);
  const index = form === undefined ? Number(position) : /^\d+$/.test(position as string) ? Number(position) + 1 : 1;
  if (count < 1 || count > maxSegments)
    throw new HarnessError('USAGE', `--segment ${text}: N must be 1..${maxSegments}`, fix);
  if (index < 1 || index > count)
    throw new HarnessError('USAGE', `--segment ${text}: segment ${index} of ${count} does not exist`, fix);
  return { index, count };
}

/** Segment I's share of a whole: the N shares add up to the whole exactly (a share may be 0 when whole < N). */
export function shareOf(whole: number, { index, count }: Segment): number {
  return Math.floor((whole * index) / count) - Math.floor((whole * (index - 1)) / count);
}

/**
 * The profile one segment runs: rate, connections and the in-flight cap divided by shareOf (connections and the
 * cap at least 1 while the segment sends anything), the same duration and thresholds. A rate share of 0 runs
 * nothing (the caller says so); the thresholds are judged once, on the merged sum.
 */
export function segmentProfile(profile: LoadProfile, segment: Segment): LoadProfile {
  const rate = shareOf(profile.rate, segment);
  const atLeastOne = (share: number) => (rate > 0 ? Math.max(1, share) : share);
  return {
    ...profile,
    rate,
    connections: atLeastOne(shareOf(profile.connections, segment)),
    maxInFlight: atLeastOne(shareOf(profile.maxInFlight, segment)),
  };
}

/**
 * sha256 of the canonical profile: what each operation is offered (rate, duration, connections, in-flight cap),
 * the thresholds as written and the operations' names, keys sorted. Replicas given different profiles or
 * target entries differ here, and a merge refuses to add them up.
 */
export function profileDigest(profile: LoadProfile, operations: readonly string[]): string {
  const canonical = {
    connections: profile.connections,
    durationSeconds: profile.durationSeconds,
    maxInFlight: profile.maxInFlight,
    operations: [...operations].sort(),
    rate: profile.rate,
    thresholds: [...profile.thresholds],
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The run id replicas agree on without talking: the start they were all given and the profile they all run. */
export function derivedRunId(startAt: number, digest: string): string {
  return `${new Date(startAt).toISOString()}-${digest.slice(0, 12)}`;
}

/** "2/3". */
export const segmentText = (segment: Segment) => `${segment.index}/${segment.count}`;
