import type { Redactor } from '../core/redaction.ts';
import { parseThreshold } from '../core/load-threshold.ts';
import type { ClientSettings, LoadProfile } from '../targets/schema.ts';
import type { LoadScenario } from './scenario.ts';

/** What a family's nightly profile is made from: its section, the shared client settings, the run's redactor. */
export interface NightlyContext<Section = unknown> {
  section: Section;
  client: ClientSettings;
  redactor: Redactor;
  profile: LoadProfile;
}

/** A family's nightly operations as scenarios, and what to close after their runs. */
export interface NightlyScenarios {
  scenarios: LoadScenario[];
  close(): Promise<void>;
}

/** A family's nightly profile: its operations, made for one target entry, each run at the entry's constant rate. */
export type NightlyProfile<Section = unknown> = (context: NightlyContext<Section>) => Promise<NightlyScenarios>;

/**
 * One bounded constant-rate run of an operation (the open model: latency from each request's due time), the
 * thresholds from the target entry's profile.
 */
export function constantRate(
  profile: LoadProfile,
  scenario: Pick<LoadScenario, 'name' | 'family' | 'baseUrl' | 'requests' | 'checkResponse'>,
): LoadScenario {
  return {
    ...scenario,
    rate: profile.rate,
    connections: profile.connections,
    durationSeconds: profile.durationSeconds,
    maxInFlight: profile.maxInFlight,
    // What the schedule offers, never more.
    maxRequests: Math.floor(profile.rate * profile.durationSeconds),
    thresholds: profile.thresholds.map(parseThreshold),
  };
}
