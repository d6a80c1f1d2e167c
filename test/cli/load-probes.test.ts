import { describe, expect, test } from 'vitest';
import { registeredProbeNamed, registeredProbes } from '../../cli/load-probes.ts';
import type { FamilyModule } from '../../families/family.ts';
import { builtInFamilies, familyByName } from '../../families/index.ts';
import type { LoadProbe } from '../../load/load-probe.ts';
import { HarnessError } from '../../core/harness-error.ts';

/** A registry entry that only has a load part: all the probe lookup reads of a family. */
const familyWithProbes = (name: string, probes: readonly LoadProbe[]) =>
  ({ name, load: async () => ({ probes }) }) as unknown as FamilyModule;
const probe = (name: string): LoadProbe => ({
  name,
  description: `probe ${name}`,
  run: () => Promise.reject(new Error('not run here')),
});

const thrown = async (work: () => Promise<unknown>): Promise<HarnessError> => {
  try {
    await work();
  } catch (error) {
    if (error instanceof HarnessError) return error;
    throw error;
  }
  throw new Error('expected a HarnessError');
};

describe('the scenarios of harness load come from the families registry', () => {
  test('the built-in families offer their probes in registry order, each with the family whose section it loads', async () => {
    expect(
      (await registeredProbes(builtInFamilies)).map(({ probe: found, family }) => `${family.name}:${found.name}`),
    ).toEqual(['billing:token-rate-limit', 'billing:gzip-threshold', 'exchange:exchange-rate-limit']);
    expect((await registeredProbeNamed('exchange-rate-limit')).family).toBe(familyByName('exchange'));
  });

  test('a family added to the registry offers its probes with no edit elsewhere', async () => {
    const registry = [...builtInFamilies, familyWithProbes('plugged', [probe('plugged-limit')])];
    expect((await registeredProbeNamed('plugged-limit', registry)).family.name).toBe('plugged');
  });

  test('an unknown name is a usage error listing every scenario, nightly and merge included', async () => {
    const error = await thrown(() =>
      registeredProbeNamed('nonsense', [familyWithProbes('a', [probe('one')]), familyWithProbes('b', [probe('two')])]),
    );
    expect(error.code).toBe('USAGE');
    expect(error.message).toBe('No load scenario "nonsense"');
    expect(error.fix).toBe('use one of: one, two, nightly, merge');
  });

  test('two families offering one name is a configuration error naming both', async () => {
    const error = await thrown(() =>
      registeredProbeNamed('limit', [familyWithProbes('a', [probe('limit')]), familyWithProbes('b', [probe('limit')])]),
    );
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe('The load scenario "limit" is offered by a and b');
  });
});
