import { execFileSync } from 'node:child_process';
import { referenceImage } from '../../reference/image/reference-image.ts';

/**
 * Whether the container tests can run here, and why not: they need an engine (CI provisions one; a fresh
 * machine may have none, and `npm test` must pass there too) and a current image of the reference.
 */
export async function containerEngineUnavailable(): Promise<string | undefined> {
  const { connectEngine } = await import('../../targets/container/engine.ts');
  try {
    await connectEngine();
    // Rebuilt when the code changed since the image was made (a second or two when it did not).
    const { buildReferenceImage } = await import('../../reference/image/build-image.ts');
    await buildReferenceImage(referenceImage.tag, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

/** Containers (running or not) the harness labelled with this target name. */
export function containersOf(targetName: string): string[] {
  const out = execFileSync('docker', ['ps', '-a', '-q', '--filter', `label=harness.target=${targetName}`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean);
}
