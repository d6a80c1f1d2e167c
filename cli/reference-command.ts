import { families } from '../families/index.ts';
import { startReferenceServer, type FamilyReferenceSettings } from '../reference/server.ts';
import { HarnessError } from '../core/harness-error.ts';

export interface ReferenceCommandOptions {
  host: string;
  port: number;
  /** A mode of one or more families' references. */
  mode?: string;
  mutant?: string;
  /** Family flags by name (e.g. token-ttl), as given. */
  flags: Record<string, string>;
}

/** Settings per family from the command line: the mode where the family has it, and its own flags. */
function settingsFromFlags(options: ReferenceCommandOptions): Record<string, FamilyReferenceSettings> {
  const settings: Record<string, FamilyReferenceSettings> = {};
  const withMode = families().filter(
    (family) => options.mode !== undefined && family.reference.modes.includes(options.mode),
  );
  if (options.mode !== undefined && withMode.length === 0) {
    throw new HarnessError(
      'USAGE',
      `No family's reference has the mode "${options.mode}"`,
      `use one of: ${[...new Set(families().flatMap((family) => family.reference.modes))].join(', ')}`,
    );
  }
  for (const family of families()) {
    const own: FamilyReferenceSettings = withMode.includes(family) ? { mode: options.mode as string } : {};
    for (const [name, value] of Object.entries(options.flags)) {
      const flag = family.reference.flags?.[name];
      if (!flag) continue;
      try {
        own.options = { ...own.options, ...flag.toOptions(value) };
      } catch (error) {
        throw new HarnessError('USAGE', (error as Error).message);
      }
    }
    settings[family.name] = own;
  }
  return settings;
}

/** Runs the bundled reference target until SIGINT/SIGTERM; prints its base URLs (never a secret). */
export async function runReference(options: ReferenceCommandOptions): Promise<number> {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      serve: families(),
      host: options.host,
      port: options.port,
      families: settingsFromFlags(options),
      ...(options.mutant ? { mutant: options.mutant } : {}),
    });
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new HarnessError(
        'PORT_IN_USE',
        `port ${options.port} on ${options.host} is already in use`,
        'stop what listens there, or choose another --port (--port 0 picks a free one)',
      );
    if (code === 'EACCES')
      throw new HarnessError(
        'PORT_IN_USE',
        `port ${options.port} on ${options.host} may not be opened by this user`,
        'choose a port above 1023, or --port 0 for a free one',
      );
    throw new HarnessError('USAGE', (error as Error).message);
  }
  const urls = Object.entries(server.baseUrls).map(([family, url]) => `${family}=${url}`);
  console.log(
    `reference target listening: ${urls.join(' ')}${options.mode ? ` mode=${options.mode}` : ''}${options.mutant ? ` mutant=${options.mutant}` : ''}`,
  );
  console.log(
    'credentials: from the REFERENCE_* environment variables (generated for this process when unset; secrets are never printed)',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
