import { readFileSync } from 'node:fs';
import { HarnessError } from './harness-error.ts';

/*
 * Packages only one target kind needs (testcontainers and the Docker client under it, for container targets) are the
 * harness's optional peer dependencies: an install brings them only when asked, and a run that needs one and lacks
 * it stops before any traffic with the line that installs it.
 */

/** The version range the harness's package.json gives an optional peer, for the install line. */
function peerRange(name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      peerDependencies?: Record<string, string>;
    };
    return manifest.peerDependencies?.[name];
  } catch {
    return undefined;
  }
}

/** Whether an import failed because this package is not installed (not because of something inside it). */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    (message.includes(`'${name}'`) || message.includes(`"${name}"`) || message.includes(`/${name}/`))
  );
}

/**
 * Loads the module(s) that need an optional package; where the package is not installed, a PACKAGE_MISSING error
 * saying what needs it and the line that installs it.
 */
export async function withOptionalPackage<T>(name: string, neededFor: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    const range = peerRange(name);
    throw new HarnessError(
      'PACKAGE_MISSING',
      `${neededFor} needs the package ${name}, which is not installed (the harness installs it only when asked)`,
      `npm install --save-dev ${range ? `${name}@${range}` : name}`,
    );
  }
}
