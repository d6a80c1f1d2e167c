import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { families } from '../../families/index.ts';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';

/**
 * The reference serving the shortener alone, and a targets file naming it `local` with this load profile: one
 * nightly operation (the mappings), a real run in a second or two.
 */
export async function shortenerReference(
  folder: string,
  load: Record<string, unknown>,
): Promise<{ reference: RunningReference; targets: string }> {
  const reference = await startReferenceServer({
    env: {},
    serve: families().filter((family) => family.name === 'shortener'),
  });
  const targets = join(folder, 'targets.json');
  writeFileSync(
    targets,
    JSON.stringify({
      default: 'local',
      targets: { local: { kind: 'url', families: { shortener: { baseUrl: reference.baseUrls.shortener } }, load } },
    }),
  );
  return { reference, targets };
}
