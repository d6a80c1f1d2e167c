import { basename } from 'node:path';

/*
 * The order in which a run hands its suite files to the workers, and what each file waits for before its tests
 * start (suites/support/await-turn.ts asks; run/suite-turns.ts answers). One vitest run holds every file: a
 * file that must come after others waits for them instead of a second run after the first, so the long waits
 * of the rate-limit probes and the late-memory files overlap the other families' rules.
 *
 * - A family's ordinary files (`*.suite.ts`) wait for nothing.
 * - Its `*.alone.suite.ts` files come after every other file of the family, one at a time, the late-memory file
 *   before the probe (a probe must have its family's traffic to itself, and its burst comes after every other
 *   request of the family; a late replay comes after the family's first uses).
 * - A rate-limit probe (an alone file other than `memory.alone.suite.ts`) runs beside the other families when
 *   their traffic cannot count against its limit: every other family of the run is served at another origin,
 *   or the target entry says its rate limits are per family (`rateLimitsPerFamily`). Otherwise it runs alone at
 *   the end of the run, after every other file, as before. Two probes that may each run beside the other
 *   families may run beside each other. A probe beside the others holds its worker while it waits (its limit's
 *   window, and a second probe after every other file when the first met no 429), so at most workers - 1 probes
 *   run beside them and one worker is always left for the other files; the rest run alone at the end.
 * - A late-memory file (`memory.alone.suite.ts`) waits out its first uses, it does not burst: it runs beside
 *   other families, near the end so its replays come late (right after its family's files where the family's
 *   probe runs beside the others and must come after it).
 *
 * Every file waits only for files handed out before it, so a worker that waits never holds up what it waits for.
 */

/** A suite file of the run and its family. */
export interface ScheduledFile {
  file: string;
  family: string;
}

export interface SuiteSchedule {
  /** Every file, in the order workers take them. */
  order: string[];
  /** The files that must have ended before a file's tests start (files that wait for nothing are left out). */
  after: Map<string, string[]>;
  /** Probes that run beside the other families: each mostly waits out its limit's window, in a worker of its own. */
  besideProbes: string[];
  /**
   * Probes that run alone at the end, with the families sharing their origin (none when the probe is alone only
   * because the run's workers were too few for it to run beside the others).
   */
  loneProbes: { file: string; sharedWith: string[] }[];
}

const aloneFile = /\.alone\.suite\.ts$/;

/** Whether a suite file runs after the rest of its family (a rate-limit probe or a late-memory file). */
export function isAloneFile(file: string): boolean {
  return aloneFile.test(file);
}

/** Whether a suite file is a rate-limit probe: an alone file that bursts, not a late-memory file. */
export function isProbeFile(file: string): boolean {
  return isAloneFile(file) && basename(file) !== 'memory.alone.suite.ts';
}

/** The other families whose traffic may reach `family`'s limits: at its origin, or any when its origin is unknown. */
function familiesSharingOrigin(
  family: string,
  families: readonly string[],
  origins: ReadonlyMap<string, string | undefined>,
): string[] {
  return families.filter(
    (other) => other !== family && (origins.get(family) === undefined || origins.get(other) === origins.get(family)),
  );
}

/**
 * The families whose rate-limit probe runs beside the other families: those whose limit no other family's traffic
 * can reach (see familiesSharingOrigin, or `rateLimitsPerFamily`), at most `workers` - 1 of them, since a probe holds
 * its worker while it waits and one worker must be left for the other files.
 */
function familiesProbingBeside(
  files: readonly ScheduledFile[],
  origins: ReadonlyMap<string, string | undefined>,
  rateLimitsPerFamily: boolean,
  workers: number,
): string[] {
  const families = [...new Set(files.map((entry) => entry.family))];
  return families
    .filter((family) => rateLimitsPerFamily || familiesSharingOrigin(family, families, origins).length === 0)
    .filter((family) => files.some((entry) => entry.family === family && isProbeFile(entry.file)))
    .slice(0, Math.max(0, workers - 1));
}

/**
 * The schedule of a run's files. Ordinary files keep the order they are given in (vitest's: the longest first by
 * past durations, which packs the workers best); alone files go by name. `origins` gives each family's base URL
 * origin (undefined: unknown, taken as shared); `rateLimitsPerFamily` is the target entry's word that no family's
 * traffic counts against another's limit; `workers` how many files run at once.
 */
export function scheduleSuites(
  files: readonly ScheduledFile[],
  origins: ReadonlyMap<string, string | undefined>,
  rateLimitsPerFamily: boolean,
  workers = Number.POSITIVE_INFINITY,
): SuiteSchedule {
  const families = [...new Set(files.map((entry) => entry.family))];
  const byName = (a: ScheduledFile, b: ScheduledFile) => a.file.localeCompare(b.file);
  const ofFamily = (family: string, kind: (file: string) => boolean) =>
    files.filter((entry) => entry.family === family && kind(entry.file));
  const aloneOf = (family: string, kind: (file: string) => boolean) => ofFamily(family, kind).sort(byName);
  const ordinary = (file: string) => !isAloneFile(file);
  const memory = (file: string) => isAloneFile(file) && !isProbeFile(file);
  const sharingOrigin = (family: string) => familiesSharingOrigin(family, families, origins);

  const after = new Map<string, string[]>();
  const order: string[] = [];
  const handOut = (entries: readonly ScheduledFile[], waitsFor: (entry: ScheduledFile) => string[]) => {
    for (const entry of entries) {
      const files = waitsFor(entry);
      if (files.length > 0) after.set(entry.file, files);
      order.push(entry.file);
    }
  };
  const filesOf = (entries: readonly ScheduledFile[]) => entries.map((entry) => entry.file);
  // The families whose probe runs beside the others go first, so their probes start early and overlap the most.
  const withBesideProbe = familiesProbingBeside(files, origins, rateLimitsPerFamily, workers);
  const rest = families.filter((family) => !withBesideProbe.includes(family));
  const ordinaryOf = (group: readonly string[]) =>
    files.filter((entry) => group.includes(entry.family) && ordinary(entry.file));
  // An alone file comes after every file of its family handed out before it (its ordinary files always are).
  const familyOf = new Map(files.map((entry) => [entry.file, entry.family]));
  const afterItsFamily = (entry: ScheduledFile) => order.filter((file) => familyOf.get(file) === entry.family);
  handOut(ordinaryOf(withBesideProbe), () => []);
  // Their late-memory files right after them, and the probe last: its burst comes after every other request of
  // its family (the token endpoint may stay limited after it).
  handOut(
    withBesideProbe.flatMap((family) => aloneOf(family, memory)),
    afterItsFamily,
  );
  const besideProbes = withBesideProbe.flatMap((family) => aloneOf(family, isProbeFile));
  handOut(besideProbes, afterItsFamily);
  handOut(ordinaryOf(rest), () => []);
  // The other families' late-memory files near the end, so their replays come late.
  handOut(
    rest.flatMap((family) => aloneOf(family, memory)),
    afterItsFamily,
  );
  // Probes whose limit other families' traffic may reach: alone, after everything handed out before them.
  const loneProbes = rest.flatMap((family) => aloneOf(family, isProbeFile));
  handOut(loneProbes, () => [...order]);
  return {
    order,
    after,
    besideProbes: filesOf(besideProbes),
    loneProbes: loneProbes.map((probe) => ({ file: probe.file, sharedWith: sharingOrigin(probe.family) })),
  };
}

/** A family section's base URL origin, read leniently (undefined when the section has none or it is no URL). */
export function originOf(section: unknown): string | undefined {
  const baseUrl = (section as { baseUrl?: unknown } | undefined)?.baseUrl;
  if (typeof baseUrl !== 'string') return undefined;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}
