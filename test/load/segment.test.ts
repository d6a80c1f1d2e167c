import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { derivedRunId, parseSegment, profileDigest, segmentProfile, shareOf } from '../../load/segment.ts';
import { checkStartAt, maxStartAheadMs, parseStartAt } from '../../load/start-at.ts';
import { HarnessError } from '../../core/harness-error.ts';
import { loadProfileSchema } from '../../targets/schema.ts';

const usageError = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).code).toBe('USAGE');
    return (error as HarnessError).message;
  }
  throw new Error('no usage error');
};

describe('segments of a profile', () => {
  test('I/N is 1-based, index:K/N 0-based (Kubernetes), slot:S/N the slot of a Swarm job; anything outside 1..N is a usage error', () => {
    expect(parseSegment('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseSegment('index:0/3')).toEqual({ index: 1, count: 3 });
    expect(parseSegment('index:2/3')).toEqual({ index: 3, count: 3 });
    // A Swarm replicated job's slots are 0..N-1, and the template renders slot 0 as the node's ID.
    expect(parseSegment('slot:2/3')).toEqual({ index: 3, count: 3 });
    expect(parseSegment('slot:yx7hb7itk6mw98z942511naad/3')).toEqual({ index: 1, count: 3 });
    usageError(() => parseSegment('yx7hb7itk6mw98z942511naad/3'));
    expect(usageError(() => parseSegment('0/3'))).toContain('segment 0 of 3 does not exist');
    expect(usageError(() => parseSegment('4/3'))).toContain('segment 4 of 3 does not exist');
    expect(usageError(() => parseSegment('index:3/3'))).toContain('segment 4 of 3');
    usageError(() => parseSegment('1/0'));
    usageError(() => parseSegment('one/3'));
    usageError(() => parseSegment('$(SEGMENT)'));
  });

  test('the N shares of any whole add up to it exactly, each within one of whole/N', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 200 }), (whole, count) => {
        const shares = Array.from({ length: count }, (_, at) => shareOf(whole, { index: at + 1, count }));
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(whole);
        for (const share of shares) expect(Math.abs(share - whole / count)).toBeLessThan(1);
      }),
    );
  });

  test('a segment profile divides rate, connections and the in-flight cap, keeps duration and thresholds; a zero rate share runs nothing', () => {
    const profile = loadProfileSchema.parse({
      rate: 10,
      durationSeconds: 5,
      connections: 2,
      maxInFlight: 100,
      thresholds: ['p99 < 1 s'],
    });
    const parts = [1, 2, 3].map((index) => segmentProfile(profile, { index, count: 3 }));
    expect(parts.map((part) => part.rate)).toEqual([3, 3, 4]);
    expect(parts.map((part) => part.maxInFlight)).toEqual([33, 33, 34]);
    // 2 connections for 3 replicas: every one that sends gets at least 1.
    expect(parts.map((part) => part.connections)).toEqual([1, 1, 1]);
    for (const part of parts) expect([part.durationSeconds, part.thresholds]).toEqual([5, ['p99 < 1 s']]);
    const thin = [1, 2, 3].map((index) => segmentProfile({ ...profile, rate: 2, connections: 1 }, { index, count: 3 }));
    expect(thin.map((part) => [part.rate, part.connections])).toEqual([
      [0, 0],
      [1, 1],
      [1, 1],
    ]);
  });

  test('the profile digest changes with anything replicas must share, not with the order of operations', () => {
    const profile = loadProfileSchema.parse({});
    const digest = profileDigest(profile, ['a', 'b']);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(profileDigest(profile, ['b', 'a'])).toBe(digest);
    for (const other of [
      { rate: 21 },
      { durationSeconds: 11 },
      { connections: 5 },
      { maxInFlight: 999 },
      { thresholds: ['p99 < 1 s'] },
    ])
      expect(profileDigest({ ...profile, ...other }, ['a', 'b'])).not.toBe(digest);
    expect(profileDigest(profile, ['a'])).not.toBe(digest);
    expect(derivedRunId(Date.parse('2026-11-26T05:00:00Z'), digest)).toBe(
      `2026-11-26T05:00:00.000Z-${digest.slice(0, 12)}`,
    );
  });

  test('--start-at: ISO or epoch ms; at most 10 min ahead, and not past by more than the run lasts', () => {
    expect(parseStartAt('2026-11-26T05:00:00Z')).toBe(Date.parse('2026-11-26T05:00:00Z'));
    expect(parseStartAt('1795669200000')).toBe(1795669200000);
    usageError(() => parseStartAt('tomorrow'));
    const now = Date.parse('2026-11-26T05:00:00Z');
    checkStartAt(now + maxStartAheadMs, 10, now);
    checkStartAt(now - 10_000, 10, now);
    expect(usageError(() => checkStartAt(now + maxStartAheadMs + 1, 10, now))).toContain('more than 10 min ahead');
    expect(usageError(() => checkStartAt(now - 10_001, 10, now))).toContain('passed 10 s ago');
  });
});
