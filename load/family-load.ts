import type { LoadProbe } from './load-probe.ts';
import type { NightlyProfile } from './nightly-profile.ts';

/**
 * A family's load part, the `load` of its FamilyModule: what `harness load nightly` runs for it and the
 * probes `harness load <scenario>` offers. The scenario data they are made from lives in the family's own
 * folder of the load stage (suites/<family>/load/); the engine (load/*.ts) knows no family.
 */
export interface FamilyLoad<Section = unknown> {
  /** Its operations at a constant rate, judged by the target entry's thresholds. Absent: reported as not loaded. */
  readonly nightly?: NightlyProfile<Section>;
  /** Probes of what its documents leave open (a rate limit, a compression threshold), by scenario name. */
  readonly probes?: readonly LoadProbe<Section>[];
}
