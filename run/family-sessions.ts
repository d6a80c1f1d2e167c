import type { FamilySession, PreflightReport } from '../client/family-session.ts';
import type { FamilyModule } from '../families/family.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { type CircuitBreaker, uncountedByBreakers } from '../client/circuit-breaker.ts';
import { runBreakers, runMethods } from '../client/run-breakers.ts';
import { runMemory } from '../client/run-memory.ts';
import { type BrokerAddress, type BrokeredMethods, startSessionBroker } from '../client/session-broker.ts';
import { HarnessError } from '../core/harness-error.ts';
import type { ResolvedTarget } from '../targets/load-targets.ts';

/** The run's session of each judged family, opened and preflighted. */
export interface OpenSessions {
  sessions: Map<string, FamilySession>;
  /** The run's own broker methods (the families' circuit breakers). */
  runMethods: BrokeredMethods;
  reports: PreflightReport[];
  close(): Promise<void>;
}

/**
 * Opens one session per family and runs each one's preflight (the first token request is the session's
 * own token). Never throws for what the target does: the reports say what was found.
 */
export async function openFamilySessions(
  target: ResolvedTarget,
  selected: readonly FamilyModule[],
  pace?: BrokeredMethods,
): Promise<OpenSessions> {
  const sessions = new Map<string, FamilySession>();
  const run = runBreakers(
    selected.map((family) => family.name),
    target.entry.client.unresponsiveAfter,
  );
  for (const family of selected) {
    const breaker = run.breakers.get(family.name) as CircuitBreaker;
    sessions.set(
      family.name,
      await family.openSession({
        section: target.entry.families[family.name],
        client: target.entry.client,
        redactor: defaultRedactor,
        breaker,
      }),
    );
  }
  const reports = await Promise.all(
    [...sessions.values()].map((session) => uncountedByBreakers(() => session.preflight())),
  );
  return {
    sessions,
    // The breakers, the store of first uses replayed late in the run (client/run-memory.ts), and the run's pace
    // (client/run-pace.ts).
    runMethods: { ...run.serve, ...runMemory(), ...pace },
    reports,
    close: async () => {
      await Promise.all([...sessions.values()].map((session) => session.close()));
    },
  };
}

/** The sessions of a run, reachable by its suite workers through a session broker. */
export interface BrokeredSessions {
  reports: PreflightReport[];
  broker: BrokerAddress;
  close(): Promise<void>;
}

/** Opens and preflights the families' sessions and serves them to suite workers; close() ends both. */
export async function openBrokeredSessions(
  target: ResolvedTarget,
  selected: readonly FamilyModule[],
  pace?: BrokeredMethods,
): Promise<BrokeredSessions> {
  const opened = await openFamilySessions(target, selected, pace);
  const served = new Map([...opened.sessions].map(([name, session]) => [name, session.serve]));
  const broker = await startSessionBroker(served.set(runMethods, opened.runMethods));
  return {
    reports: opened.reports,
    broker: broker.address,
    close: async () => {
      await broker.close();
      await opened.close();
    },
  };
}

/** A preflight that found the target unreachable or its credentials refused stops the run: no rule can be judged. */
export function preflightError(targetName: string, reports: readonly PreflightReport[]): HarnessError | undefined {
  const failed = reports.filter((report) => report.problem !== undefined);
  if (failed.length === 0) return undefined;
  const lines = failed.map(
    (report) => `${report.family} at ${report.url}: ${defaultRedactor.redactSecrets(report.problem ?? '')}`,
  );
  const first = failed[0] as PreflightReport;
  const where = `targets.${targetName}.families.${first.family}`;
  return new HarnessError(
    'PREFLIGHT_FAILED',
    lines.join('\n'),
    first.fixKey
      ? `edit ${where}.${first.fixKey}; \`harness doctor --target ${targetName}\` tries every credential of the entry`
      : `check the base URL and credentials of ${where}; \`harness doctor --target ${targetName}\` shows what the preflight sees`,
  );
}

/** The preflight as lines for a terminal. */
export function renderPreflight(reports: readonly PreflightReport[]): string {
  return reports
    .map((report) => {
      const facts = [
        `reachable: ${report.reachable ? 'yes' : 'no'}`,
        `auth works: ${report.authenticated ? 'yes' : 'no'}`,
        `server: ${report.serverHeader ?? '(no Server header)'}`,
        `latency: ${report.latencyMs === undefined ? '-' : `${report.latencyMs} ms`}`,
      ];
      const notes = [
        ...(report.problem ? [`problem: ${report.problem}`] : []),
        ...report.notes.map((note) => `note: ${note}`),
      ];
      return [
        `${report.family}  ${report.url}`,
        `  ${facts.join(', ')}`,
        ...notes.map((line) => `  ${defaultRedactor.redactSecrets(line)}`),
      ].join('\n');
    })
    .join('\n');
}
