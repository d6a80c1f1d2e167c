import type { FamilyModule } from '../families/family.ts';
import { families } from '../families/index.ts';
import type { LoadProbe } from '../load/load-probe.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { HarnessError } from '../core/harness-error.ts';

/**
 * A probe of `harness load` with the family whose load part lists it (the family names the target section it loads).
 */
export interface RegisteredProbe {
  family: FamilyModule;
  probe: LoadProbe;
}

/** Every registered family's probes, in registry order: the scenarios `harness load <scenario>` offers. */
export async function registeredProbes(registry: readonly FamilyModule[] = families()): Promise<RegisteredProbe[]> {
  const loads = await Promise.all(registry.map((family) => family.load?.()));
  return registry.flatMap((family, index) =>
    (loads[index]?.probes ?? []).map((probe: LoadProbe) => ({ family, probe })),
  );
}

/** The probe named on the command line; any other name is a usage error that lists the choices. */
export async function registeredProbeNamed(
  name: string,
  registry: readonly FamilyModule[] = families(),
): Promise<RegisteredProbe> {
  const probes = await registeredProbes(registry);
  const named = probes.filter(({ probe }) => probe.name === name);
  // Two families offering one name would make the command line ambiguous: a plug-in's mistake, said plainly.
  if (named.length > 1)
    throw new HarnessError(
      'CONFIG_INVALID',
      `The load scenario "${name}" is offered by ${named.map(({ family }) => family.name).join(' and ')}`,
      "give each family's probes names of their own",
    );
  const [found] = named;
  if (!found) {
    const scenarios = [...probes.map(({ probe }) => probe.name), 'nightly', 'merge'];
    const closest = didYouMean(name, scenarios);
    throw new HarnessError(
      'USAGE',
      `No load scenario "${name}"${closest ? `: did you mean "${closest}"?` : ''}`,
      `use one of: ${scenarios.join(', ')}`,
    );
  }
  return found;
}
