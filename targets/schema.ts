import { z } from 'zod';
import { parseThreshold } from '../core/load-threshold.ts';

const waiverSchema = z
  .object({
    rule: z.string().min(1),
    reason: z.string().min(1),
  })
  .strict();

const clientSettingsSchema = z
  .object({
    /** Per-request timeout in ms. Default 10000. */
    timeoutMs: z.number().int().positive().default(10_000),
    /** Largest response body read, in bytes. Default 8 MiB. */
    maxBodyBytes: z
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024),
    /** Requests in flight where a rule allows concurrency. Default 16. */
    concurrency: z.number().int().min(1).max(256).default(16),
    /**
     * Consecutive exchanges of a family without an answer (timeout, refused) after which its remaining exchanges fail
     * at once as "target unresponsive". Default 3.
     */
    unresponsiveAfter: z.number().int().min(1).max(1000).default(3),
  })
  .strict();

/**
 * The nightly load profile of a target: a bounded constant-rate run per operation, judged by thresholds
 * written as strings (`p99 < 500 ms`, `rate(5xx) == 0`). Defaults apply where the entry gives none.
 */
/** The bounds of a nightly profile's rate and duration: the schema and the CLI's --rate / --duration read them here. */
export const loadProfileBounds = { rate: { min: 1, max: 100_000 }, durationSeconds: { max: 3600 } } as const;

export const loadProfileSchema = z
  .object({
    /** Offered requests per second of each operation's run. Default 20. */
    rate: z.number().int().min(loadProfileBounds.rate.min).max(loadProfileBounds.rate.max).default(20),
    /** Seconds of each operation's run. Default 10. */
    durationSeconds: z.number().positive().max(loadProfileBounds.durationSeconds.max).default(10),
    /** Connections of the load generator. Default 4. */
    connections: z.number().int().min(1).max(1024).default(4),
    /**
     * The most requests waiting for an answer at once (the runs are open-model); a request due beyond it is dropped and
     * counted. Default 1000.
     */
    maxInFlight: z.number().int().min(1).max(10_000).default(1000),
    /**
     * Judged on each operation's run. A threshold may bound a figure by the previous run's of the same target and
     * operation (`p99 < 1.2x previous`, `rate(non-2xx) <= previous + 1%`; p50, p95, p99, rps, rate(non-2xx)): it fails
     * the run when crossed, and is observed, not judged, on the first night. Default: p50 < 100 ms, p99 < 500 ms,
     * rate(2xx) >= 99%, rate(5xx) == 0.
     */
    thresholds: z
      .array(
        z.string().refine((text) => isThreshold(text), {
          message:
            'a threshold reads METRIC OP VALUE: "p99 < 250 ms", "rate(5xx) == 0", "rate(2xx) >= 99%", or against the previous run "p99 < 1.2x previous"',
        }),
      )
      .default(['p50 < 100 ms', 'p99 < 500 ms', 'rate(2xx) >= 99%', 'rate(5xx) == 0']),
  })
  .strict();

export type LoadProfile = z.infer<typeof loadProfileSchema>;

function isThreshold(text: string): boolean {
  try {
    parseThreshold(text);
    return true;
  } catch {
    return false;
  }
}

const readySchema = z
  .object({
    /** Regular expression a line of the command's stdout must match. */
    stdoutMatches: z.string().min(1).optional(),
    /** URL that must answer any HTTP response. */
    httpGet: z.string().min(1).optional(),
    /** Give up after this many ms. Default 20000. */
    timeoutMs: z.number().int().positive().default(20_000),
  })
  .strict()
  .refine((ready) => ready.stdoutMatches !== undefined || ready.httpGet !== undefined, {
    message: 'give stdoutMatches or httpGet',
  });

const containerReadySchema = z
  .object({
    /** Regular expression a line of the container's log (stdout or stderr) must match. */
    logMatches: z.string().min(1).optional(),
    /** URL that must answer any HTTP response ({port} is the host port the target is reached on). */
    httpGet: z.string().min(1).optional(),
    /** Give up after this many ms (the image is pulled first when the engine lacks it). Default 60000. */
    timeoutMs: z.number().int().positive().default(60_000),
  })
  .strict()
  .refine((ready) => ready.logMatches !== undefined || ready.httpGet !== undefined, {
    message: 'give logMatches or httpGet',
  });

/** A port number, also as the string a {port} placeholder becomes. */
const portSchema = z
  .union([
    z.number().int().min(1).max(65_535),
    z
      .string()
      .regex(/^\d{1,5}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(65_535));

/** What a target entry's schema needs of a family (a family module is one): its name and its section's schema. */
export interface FamilySectionSchema {
  readonly name: string;
  readonly section: z.ZodType;
}

/** `families` of a target entry: one optional section per registered family, at least one present. */
function familiesSchema(families: readonly FamilySectionSchema[]) {
  const shape = Object.fromEntries(families.map((family) => [family.name, family.section.optional()]));
  return z
    .object(shape)
    .strict()
    .refine((sections) => Object.values(sections).some((section) => section !== undefined), {
      message: `declare at least one interface family (${families.map((family) => family.name).join(', ')})`,
    });
}

/** How runs against an entry go: their deadline, load profile, late replays, sequences and rate-limit scope. */
const runSettings = {
  /** Deadline of a run against this target, in ms (`--max-time` overrides it). Default 600000 (10 minutes). */
  maxTimeMs: z.number().int().positive().optional(),
  /** The nightly load profile (`harness load nightly`): rate, duration, connections and thresholds per operation. */
  load: loadProfileSchema.optional(),
  /**
   * How long after its first use, at least, what the target must remember (MAC nonces, requestor_order_ids,
   * vanity paths, Idempotency-Keys; custody cursor tokens, observed) is asked again; the replays wait at the
   * end of the run until then (a nonce never beyond the entry's MAC window). Default: no wait beyond the
   * run's own length and a few seconds (the CI gate); a nightly run sets minutes.
   */
  lateMemoryMs: z.number().int().positive().max(3_600_000).optional(),
  /**
   * Command sequences each stateful phase runs (the target judged as a state machine: random sequences of the
   * documented operations checked against a model of the documents). Default 50 (the CI gate); a nightly run sets
   * thousands. `harness run --sequences` overrides it.
   */
  sequences: z.number().int().min(0).max(100_000).optional(),
  /**
   * Folder where a run keeps the failing sequences and inputs it shrank (one file per target and rule), relative to
   * the targets file: every later run against this target tries them first, before its random cases, and one that
   * passes leaves the folder. Commit it to keep a failure found one night in every CI run until it is fixed. Default: the
   * reports folder's counterexamples/.
   */
  counterexamples: z.string().min(1).optional(),
  /**
   * Each family's rate limits count only that family's own requests, even where families share an origin (a
   * limiter per interface, as the bundled reference has): a rate-limit probe then runs beside the other families'
   * rules instead of alone at the end of the run. Default false: a probe runs beside only the families served at
   * other origins.
   */
  rateLimitsPerFamily: z.boolean().optional(),
};

/** A target entry: how to reach or start it, shared client settings, and one section per family it serves. */
export function targetSchemaFor(families: readonly FamilySectionSchema[]) {
  const common = {
    description: z.string().optional(),
    families: familiesSchema(families),
    waivers: z.array(waiverSchema).default([]),
    client: clientSettingsSchema.default(clientSettingsSchema.parse({})),
    ...runSettings,
  };
  const url = z.object({ kind: z.literal('url'), ...common }).strict();
  const command = z
    .object({
      kind: z.literal('command'),
      /** argv; `{harness}` runs this harness's own CLI, `{port}` is a free port chosen at start. */
      command: z.array(z.string()).min(1),
      env: z.record(z.string(), z.string()).default({}),
      cwd: z.string().optional(),
      ready: readySchema,
      ...common,
    })
    .strict();
  const container = z
    .object({
      kind: z.literal('container'),
      /** Image name, e.g. my-api:1.4 or harness-reference:local (`npm run image:reference` builds that one). */
      image: z.string().min(1),
      /** Arguments after the image's entrypoint (its CMD); `{port}` is the port chosen for the target. */
      command: z.array(z.string()).optional(),
      /** Environment of the container; ${VAR} takes a value from the harness's environment. */
      env: z.record(z.string(), z.string()).default({}),
      /** Port the target listens on inside the container. */
      port: portSchema,
      /**
       * host: the container shares the host's network; bridge: port is published on {port}; auto: host when the engine
       * has no bridge network. Default auto.
       */
      network: z.enum(['auto', 'host', 'bridge']).default('auto'),
      ready: containerReadySchema,
      ...common,
    })
    .strict();
  return z.discriminatedUnion('kind', [url, command, container]);
}

/** The whole targets.json, for the JSON Schema editors use. */
export function targetsFileSchemaFor(families: readonly FamilySectionSchema[]) {
  return z
    .object({
      $schema: z.string().optional(),
      /** Target used when --target is not given. Default 'reference'. */
      default: z.string().default('reference'),
      targets: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), targetSchemaFor(families)),
    })
    .strict();
}

export type ClientSettings = z.infer<typeof clientSettingsSchema>;
/** The client settings of an entry that sets none. */
export const defaultClientSettings: ClientSettings = clientSettingsSchema.parse({});

/** A validated target entry; each family reads its own section with its own schema's type. */
export interface TargetEntry {
  kind: 'url' | 'command' | 'container';
  description?: string;
  families: Record<string, unknown>;
  waivers: { rule: string; reason: string }[];
  client: ClientSettings;
  maxTimeMs?: number;
  load?: LoadProfile;
  lateMemoryMs?: number;
  sequences?: number;
  counterexamples?: string;
  rateLimitsPerFamily?: boolean;
}

export interface CommandTarget extends TargetEntry {
  kind: 'command';
  command: string[];
  env: Record<string, string>;
  cwd?: string;
  ready: { stdoutMatches?: string; httpGet?: string; timeoutMs: number };
}

export interface ContainerTarget extends TargetEntry {
  kind: 'container';
  image: string;
  command?: string[];
  env: Record<string, string>;
  port: number;
  network: 'auto' | 'host' | 'bridge';
  ready: { logMatches?: string; httpGet?: string; timeoutMs: number };
}
