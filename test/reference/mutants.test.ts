import { afterAll, describe, expect, it } from 'vitest';
import { referenceModes, type ReferenceMode } from '../../reference/billing/mode.ts';
import { billingMutants } from '../../reference/billing/mutants/index.ts';
import { families } from '../../families/index.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { probes } from './probes.ts';
import { referenceEnv, startTarget, type Target } from './support.ts';

/** A mutant's mode (a string in the family-neutral MutantInfo) as a billing reference mode. */
function billingMode(mode: string): ReferenceMode {
  if (!(referenceModes as readonly string[]).includes(mode)) throw new Error(`not a billing reference mode: ${mode}`);
  return mode as ReferenceMode;
}

/** Names of the probes (rule ids) a target fails in a mode; each probe runs on its own fresh server. */
async function failedRules(mode: ReferenceMode, mutant: string | undefined): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    Object.entries(probes)
      .filter(([, probe]) => probe.modes.includes(mode))
      .map(async ([rule, probe]) => {
        const target: Target = await startTarget({ mode, ...(mutant && { mutant }), ...probe.options });
        try {
          if (!(await probe.keeps(target))) failed.push(rule);
        } finally {
          await target.reference.close();
        }
      }),
  );
  return failed.sort();
}

describe('mutant catalogue', () => {
  const started: Array<{ close(): Promise<void> }> = [];
  afterAll(() => Promise.all(started.map((server) => server.close())));

  it('names are unique kebab-case, every mutant names a rule and a mode', () => {
    expect(billingMutants.length).toBeGreaterThanOrEqual(37);
    expect(new Set(billingMutants.map(({ name }) => name)).size).toBe(billingMutants.length);
    for (const mutant of billingMutants) {
      expect(mutant.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(mutant.family).toBe('billing');
      expect(mutant.breaks).toMatch(/^billing\.\S+$/);
      expect(['multi', 'single-entity', 'plain']).toContain(mutant.mode);
      expect(mutant.description.length).toBeGreaterThan(0);
    }
  });

  it.each(billingMutants.map(({ name }) => name))('starts %s', async (name) => {
    const server = await startReferenceServer({ serve: families(), env: referenceEnv(), mutant: name });
    started.push(server);
    expect(server.baseUrls.billing).toBe(`${server.origin}/billing`);
  });

  it('refuses an unknown mutant name, listing the valid ones', async () => {
    await expect(
      startReferenceServer({ serve: families(), env: referenceEnv(), mutant: 'no-such-mutant' }),
    ).rejects.toThrow(/no-such-mutant.*token-single-use/);
  });

  it('covers every probed rule with at least one mutant', () => {
    const broken = new Set<string>(billingMutants.map(({ breaks }) => breaks));
    expect(Object.keys(probes).filter((rule) => !broken.has(rule))).toEqual([]);
    expect([...broken].filter((rule) => !(rule in probes))).toEqual([]);
  });
});

/**
 * Rules a mutant cannot help breaking besides its own, because they build on it:
 * with no idempotency store at all, concurrent retries cannot share one result either.
 */
const impliedBreaks: Record<string, readonly string[]> = {
  'idempotency-no-store': ['billing.headers.idempotency_key.concurrent'],
  // These two probes (not the harness's rules, which share the session's one token) ask for a token per request, the
  // requests side by side: a token revoked by the next one issued refuses the ones in flight.
  'token-revoked-by-next': ['billing.catalog.invalid_input.status', 'billing.headers.idempotency_key.concurrent'],
};

/**
 * Mutants whose fault shows only seconds after a first use (memory judged late): the immediate probes find no
 * rule broken, not even another's; `harness mutants` kills them with their own rule, which waits for it.
 */
const lateOnly: ReadonlySet<string> = new Set(['idempotency-keys-forgotten-after-three-seconds']);

/**
 * Mutants whose fault only a sequence of requests shows (each single request behaves): the immediate probes find no
 * rule broken; `harness mutants` kills them with their rule's stateful phase.
 */
const sequenceOnly: ReadonlySet<string> = new Set([
  'org-refusal-remembered',
  'idempotency-key-per-track-id',
  'update-second-lost',
  'token-revoked-by-next',
  'query-creates-unknown-charge',
  'query-answer-cached',
]);

describe('mutant detection', () => {
  it.each(['multi', 'single-entity', 'plain'] as const)('the reference keeps every rule in %s mode', async (mode) => {
    expect(await failedRules(mode, undefined)).toEqual([]);
  });

  it.each(billingMutants.map((mutant) => [mutant.name, mutant] as const))(
    '%s breaks exactly its own rule',
    async (_name, mutant) => {
      const expected =
        lateOnly.has(mutant.name) || sequenceOnly.has(mutant.name)
          ? [...(impliedBreaks[mutant.name] ?? [])].sort()
          : [mutant.breaks, ...(impliedBreaks[mutant.name] ?? [])].sort();
      expect(await failedRules(billingMode(mutant.mode), mutant.name)).toEqual(expected);
    },
  );
});
